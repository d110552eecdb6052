import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import type { TokenStore } from '../../application/ports/token-store.port'
import type { AppError } from '../../application/failure'
import type { StaffUser } from '../../contract/staff.routes'
import { enterAsStaff } from './staff-entry'

const ADMIN = { id: 'a1', email: 'owner@example.com', displayName: 'Owner', role: 'admin' } as unknown as StaffUser

function tokens(initial: string | null): TokenStore {
  let token = initial
  return { get: () => token, set: (t) => (token = t), clear: () => (token = null) }
}

describe('enterAsStaff', () => {
  it('is signed out without asking the server when there is no staff token', async () => {
    let asked = 0
    const me = { execute: async () => (asked++, E.right(ADMIN)) }
    expect(await enterAsStaff(tokens(null), me)).toEqual({ signedIn: false })
    expect(asked).toBe(0)
  })

  it('names the staff member the token belongs to', async () => {
    expect(await enterAsStaff(tokens('t'), { execute: async () => E.right(ADMIN) })).toEqual({ signedIn: true, staff: ADMIN })
  })

  it.each([
    ['the server refused the token and it was cleared', true, false],
    ['the server could not be reached and the token stays', false, true],
  ])('gives the refusal text when %s', async (_case, clears, signedIn) => {
    const store = tokens('t')
    const error: AppError = { _tag: 'Refused', status: clears ? 401 : 503, message: 'Nope.' } as AppError
    const me = { execute: async () => (clears && store.clear(), E.left(error)) }
    expect(await enterAsStaff(store, me)).toEqual({ signedIn, error: 'Nope.' })
  })
})
