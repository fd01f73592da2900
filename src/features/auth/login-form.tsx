import { useSelector } from '@xstate/react'
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { authView } from '../../../machines/auth/auth-view'
import { loginText } from '../../text/auth'
import { loginFormClasses as css, loginFormMarkup as markup } from './login-form.styles.gen'
import './login-form.styles.gen.css'

/** A link of the form: a plain anchor on /login's own start, the router's navigation inside the app. */
export type FormLink = (props: { href: string; className: string; children: ReactNode }) => ReactNode

const Anchor: FormLink = (props) => <a {...props} />

/**
 * The login form (product.md §2 /login, §5 Login). It renders the auth chart's snapshot and sends
 * events; whether it may submit is the chart's guard (`snapshot.can`), not a rule of its own.
 *
 * Plain React with static classes, not Chakra's components: /login is started by its own small
 * entry (src/login-main.tsx) without Chakra's runtime, theme or the router (decision 102). The
 * classes and their CSS are what Chakra renders for login-form.specimen.tsx (`npm run styles`),
 * so the form looks as the Chakra form did, and the markup here is the markup Chakra rendered
 * for those elements.
 */
export function LoginForm({ auth, redirectTo, couponCode = null, Link = Anchor }: { auth: AuthActorRef; redirectTo: string; couponCode?: string | null; Link?: FormLink }) {
  const email = useSelector(auth, (s) => s.context.email)
  const password = useSelector(auth, (s) => s.context.password)
  const failed = useSelector(auth, (s) => s.context.loginFailed)
  const busy = useSelector(auth, authView.isLoggingIn)
  const canSubmit = useSelector(auth, authView.canLogIn)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    auth.send({ type: 'form.submit', redirectTo })
  }

  return (
    <form onSubmit={submit} noValidate className={css.form}>
      <div className={css.stack}>
        {failed && (
          <div role="alert" className={css.errorBanner}>
            <span className={css.errorIcon} dangerouslySetInnerHTML={{ __html: markup.errorIcon }} />
            <div className={css.alertTitle}>{loginText.failed}</div>
          </div>
        )}
        {couponCode && (
          <div data-testid="login-coupon-note" className={css.couponNote}>
            <span className={css.couponIcon} dangerouslySetInnerHTML={{ __html: markup.couponIcon }} />
            <div className={css.alertContent}>
              <div className={css.alertTitle}>{loginText.couponTitle}</div>
              <div className={css.alertDescription}>{loginText.couponBody}</div>
            </div>
          </div>
        )}
        <Field
          id="login-email"
          label={loginText.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={loginText.emailPlaceholder}
          value={email}
          onChange={(value) => auth.send({ type: 'form.change', field: 'email', value })}
        />
        <Field
          id="login-password"
          label={loginText.passwordLabel}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(value) => auth.send({ type: 'form.change', field: 'password', value })}
        />
        <button type="submit" className={busy ? css.buttonLoading : css.button} disabled={!canSubmit || busy} data-loading={busy ? '' : undefined}>
          {busy ? (
            <span className={css.loadingText}>
              <span className={css.spinner} />
              {loginText.submitting}
            </span>
          ) : (
            loginText.submit
          )}
        </button>
        <div className={css.links}>
          <Link href="/password-reset-request" className={css.link}>
            {loginText.forgotPassword}
          </Link>
          <p className={css.muted}>
            {loginText.noAccount}{' '}
            {/* From a coupon link, the signup carries it to the first login. */}
            <Link href={couponCode ? `/signup?couponCode=${encodeURIComponent(couponCode)}` : '/signup'} className={css.link}>
              {loginText.signup}
            </Link>
          </p>
        </div>
      </div>
    </form>
  )
}

/** A labelled text field, as Chakra's Field with its Input renders one. */
function Field({ id, label, onChange, ...input }: { id: string; label: string; onChange: (value: string) => void } & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'autoComplete' | 'inputMode' | 'placeholder' | 'value'>) {
  return (
    <div data-scope="field" data-part="root" role="group" className={css.field}>
      <label data-scope="field" data-part="label" htmlFor={id} className={css.label}>
        {label}
      </label>
      <input id={id} data-scope="field" data-part="input" className={css.input} {...input} onChange={(e) => onChange(e.target.value)} />
    </div>
  )
}
