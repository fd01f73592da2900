import { randomInt } from 'node:crypto'

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('')

/** Member ids double as identity-provider uids. */
export const newMemberId = () => `MB${digits(10)}`
/** Prefix M: interview ticket (product.md §3); S support, A add-on, T tip. */
export const newTicketNumber = (prefix: 'M' | 'S' | 'A' | 'T') => `${prefix}${digits(13)}`
export const newReceiptNumber = () => `R${digits(13)}`
