import { randomBytes } from 'node:crypto'

/** A new id: 24 hex characters (12 random bytes), like the spec's Mongo ids. */
export function newId(): string {
  return randomBytes(12).toString('hex')
}

export const isId = (s: string): boolean => /^[0-9a-f]{24}$/i.test(s)
