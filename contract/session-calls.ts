import * as v from 'valibot'
import { capped, emailField, loginPasswordField, RECAPTCHA_TOKEN_MAX } from './fields'

/**
 * The part of the member call registry (contract/calls.ts, which re-exports all of it) that the
 * app's start needs before any call is made: the login form and call, the member row the auth
 * chart keeps, and the shapes of every answer's message. A module of its own so that a member's
 * first page does not evaluate every call's schema (docs/performance.md "What a member's page
 * loads"): the browser's client loads the registry with its first call (src/api/client.ts).
 */

export const OkResponse = v.object({ message: v.optional(v.string()) })
export type OkResponse = v.InferOutput<typeof OkResponse>

export const ErrorResponse = v.object({ message: v.string() })
export type ErrorResponse = v.InferOutput<typeof ErrorResponse>

// ---- login (product.md §4 Login: captcha token to the product, then identity-provider sign-in)
// `email` is our addition (optional, so the spec's shape still passes): it lets the
// server rate-limit login attempts per e-mail as well as per address.
export const LoginRequest = v.object({
  recaptchaToken: capped(RECAPTCHA_TOKEN_MAX),
  email: v.optional(emailField),
})

/** The login form itself (client only: the password goes to the identity provider, not to us). */
export const LoginForm = v.object({
  email: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  password: loginPasswordField,
})
export type LoginForm = v.InferOutput<typeof LoginForm>

export const Member = v.object({
  memberId: v.string(),
  email: v.string(),
  memberLastname: v.string(),
  memberFirstname: v.string(),
  phoneNumber: v.string(),
  /** Unset (null) for a first-time member (product.md §4 "First-time user"). */
  useFreeInterviewTime: v.nullable(v.string()),
})
export type Member = v.InferOutput<typeof Member>
