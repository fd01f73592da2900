/** A product API call answered with a non-2xx status; `message` is the server's `{ message }`. */
export class ApiError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
  }

  /** product.md §8 uses "4xx" for most of its rules. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500
  }
}

/** A call that needs the member's token was made without a signed-in member (product.md §6). */
export class NotLoggedInError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NotLoggedInError'
  }
}
