import { inject } from 'vitest'

// firebase-admin reads the emulator host from the environment of the worker.
process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost')
process.env.FIREBASE_PROJECT_ID ??= 'demo-mypage'
