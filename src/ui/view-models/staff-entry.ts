import * as E from 'fp-ts/Either'
import type { TokenStore } from '../../application/ports/token-store.port'
import type { StaffMe } from '../../application/use-cases/admin.use-case'
import type { StaffUser } from '../../contract/staff.routes'
import type { Exec } from './app-services'

/** Who a staff page is for, as its view model keeps it (signedIn, staff, error). */
export interface StaffEntry {
  readonly signedIn: boolean
  readonly staff?: StaffUser
  readonly error?: string
}

/**
 * Entering a staff page: signed out without a staff token; with one, whom it belongs to (StaffMe), or
 * the refusal's text. A token the server refused is cleared on the way back, so whether the page is
 * still signed in is read again after the answer.
 */
export async function enterAsStaff(tokens: TokenStore, me: Exec<StaffMe>): Promise<StaffEntry> {
  if (tokens.get() === null) return { signedIn: false }
  const answer = await me.execute()
  if (E.isLeft(answer)) return { signedIn: tokens.get() !== null, error: answer.left.message }
  return { signedIn: true, staff: answer.right }
}
