import { describe, expect, it, vi } from 'vitest'
import { ApiError, NotLoggedInError } from '../../src/api/api-error'
import { createApiClient } from '../../src/api/client'

function fakeFetch(status: number, body: unknown) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  )
}

const member = {
  memberId: 'M1',
  email: 'demo@example.com',
  memberLastname: '山田',
  memberFirstname: '太郎',
  phoneNumber: '0312345678',
  useFreeInterviewTime: null,
}

describe('api client', () => {
  it('GET sends the request as query params with the bearer token and parses the response', async () => {
    const fetch = fakeFetch(200, member)
    const api = createApiClient({ baseUrl: '/api', getIdToken: async () => 'token-1', fetch })
    const result = await api.call('user-data', { data: 'MEMBER' })
    expect(result.memberLastname).toBe('山田')
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/api/user-data?data=MEMBER')
    expect(init?.method).toBe('GET')
    expect(init?.body).toBeUndefined()
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1')
  })

  it('POST sends JSON without a token for an anonymous call, plus extra headers', async () => {
    const fetch = fakeFetch(200, {})
    const getIdToken = vi.fn(async () => 'unused')
    const api = createApiClient({ baseUrl: '/api', getIdToken, fetch })
    await api.call('login', { recaptchaToken: 'off', email: ' demo@example.com ' }, { headers: { 'Idempotency-Key': 'k1' } })
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/api/login')
    expect(init?.method).toBe('POST')
    // The request schema runs before sending: the e-mail is trimmed.
    expect(JSON.parse(String(init?.body))).toEqual({ recaptchaToken: 'off', email: 'demo@example.com' })
    const headers = init?.headers as Record<string, string>
    expect(headers.Authorization).toBeUndefined()
    expect(headers['Content-Type']).toBe('application/json')
    expect(headers['Idempotency-Key']).toBe('k1')
    expect(getIdToken).not.toHaveBeenCalled()
  })

  it('a call needing a token fails with "User is not logged in" when nobody is signed in', async () => {
    const fetch = fakeFetch(200, member)
    const api = createApiClient({ baseUrl: '/api', getIdToken: async () => null, fetch })
    const call = api.call('user-data', { data: 'MEMBER' })
    await expect(call).rejects.toBeInstanceOf(NotLoggedInError)
    await expect(call).rejects.toThrow('User is not logged in')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('a non-2xx answer becomes ApiError with the status and the server message', async () => {
    const api = createApiClient({
      baseUrl: '/api',
      getIdToken: async () => 't',
      fetch: fakeFetch(409, { message: 'RESERVATION_TIMEOUT' }),
    })
    const error = await api.call('user-data', { data: 'MEMBER' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, message: 'RESERVATION_TIMEOUT', isClientError: true })
  })

  it('a non-JSON error body still gives the status', async () => {
    const fetch = vi.fn(async () => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }))
    const api = createApiClient({ baseUrl: '/api', getIdToken: async () => 't', fetch })
    await expect(api.call('user-data', { data: 'MEMBER' })).rejects.toMatchObject({ status: 502, isClientError: false })
  })

  it('an invalid request is refused before sending', async () => {
    const fetch = fakeFetch(200, member)
    const api = createApiClient({ baseUrl: '/api', getIdToken: async () => 't', fetch })
    // @ts-expect-error not a user-data kind
    await expect(api.call('user-data', { data: 'NOPE' })).rejects.toThrow()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('a response that breaks the contract is a system error (500)', async () => {
    const api = createApiClient({
      baseUrl: '/api',
      getIdToken: async () => 't',
      fetch: fakeFetch(200, { memberId: 42 }),
    })
    await expect(api.call('user-data', { data: 'MEMBER' })).rejects.toMatchObject({ status: 500 })
  })
})
