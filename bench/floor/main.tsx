import { useState, type FormEvent } from 'react'
import { createRoot } from 'react-dom/client'
import { initializeApp } from 'firebase/app'
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth'

// The floor: the least a page with a Firebase Auth e-mail/password form can ship (React, react-dom,
// firebase/app, firebase/auth). The product's /login is compared with it (bench/bundle.ts).

const auth = getAuth(initializeApp({ apiKey: 'demo-api-key', authDomain: 'demo-mypage.firebaseapp.com', projectId: 'demo-mypage' }))
const emulator = import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_URL as string | undefined
if (emulator) connectAuthEmulator(auth, emulator, { disableWarnings: true })

function LoginForm() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError('')
    try {
      await signInWithEmailAndPassword(auth, email, password)
    } catch {
      setError('ログインに失敗しました')
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit}>
      <h1>ログイン</h1>
      {error && <p role="alert">{error}</p>}
      <label>
        メールアドレス
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        パスワード
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <button type="submit" disabled={busy || !email || !password}>ログイン</button>
    </form>
  )
}

createRoot(document.getElementById('root')!).render(<LoginForm />)
