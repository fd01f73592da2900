import { loadScript } from './load-script'

/**
 * Captcha port (product.md §1: a captcha protects login and signup). The token goes to the product
 * API as `recaptchaToken`; the server accepts `off` only when its captcha secret is unset.
 */
export type CaptchaPort = {
  getToken(action: 'login' | 'signup'): Promise<string>
}

export const OFF_TOKEN = 'off'

export const offCaptcha: CaptchaPort = {
  getToken: async () => OFF_TOKEN,
}

type Grecaptcha = {
  ready(callback: () => void): void
  execute(siteKey: string, options: { action: string }): Promise<string>
}

/** reCAPTCHA v3: the script loads on the first token request, not at start-up. */
export function createRecaptcha(siteKey: string): CaptchaPort {
  return {
    async getToken(action) {
      await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`)
      const grecaptcha = (window as Window & { grecaptcha?: Grecaptcha }).grecaptcha
      if (!grecaptcha) throw new Error('reCAPTCHA did not load')
      await new Promise<void>((resolve) => grecaptcha.ready(resolve))
      return grecaptcha.execute(siteKey, { action })
    },
  }
}

export function createCaptcha(options: { production: boolean; siteKey?: string }): CaptchaPort {
  return options.production && options.siteKey ? createRecaptcha(options.siteKey) : offCaptcha
}
