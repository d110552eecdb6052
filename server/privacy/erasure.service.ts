/**
 * The right to erasure (issue 30): a customer's cards are deleted at the card processor first (a
 * failure there leaves everything as it was, to be asked again), then every row about them is erased
 * in one transaction, then their live sockets are told to log out. Invoices and payments are kept.
 */
import * as E from 'fp-ts/Either'
import type { ErasureReceipt } from '../../src/contract/privacy.routes'
import type { CardProcessor } from '../commerce/card-processor.port'
import type { Db } from '../db/schema'
import { publishLogout } from '../realtime/live-events.hub'
import { invalid, notFound, type ServiceError } from '../service-error'
import { verifyPassword } from '../accounts/password'
import { customerContact, eraseCustomerRows, pseudonymOf, scrubEmbeddedFiles } from './erasure.repository'

export const ERASURE_MESSAGES = {
  customerNotFound: 'Customer not found.',
  wrongPassword: 'The password is not right.',
} as const

export interface ErasureDeps {
  db: Db
  /** 'pglite': the embedded database's files are scrubbed after an erasure (erasure.repository.ts). */
  databaseKind: 'pglite' | 'postgres'
  processor: CardProcessor
  now: Date
}

export async function eraseCustomer(deps: ErasureDeps, tenant: string, customerId: string): Promise<E.Either<ServiceError, ErasureReceipt>> {
  if (!(await customerContact(deps.db, tenant, customerId))) return E.left(notFound(ERASURE_MESSAGES.customerNotFound))
  const cards = await deps.processor.listCards({ tenant }, customerId)
  for (const card of cards) await deps.processor.deleteCard({ tenant }, customerId, card.id)
  const counts = await deps.db.transaction().execute((trx) => eraseCustomerRows(trx, tenant, customerId, deps.now))
  if (!counts) return E.left(notFound(ERASURE_MESSAGES.customerNotFound))
  if (deps.databaseKind === 'pglite') await scrubEmbeddedFiles(deps.db)
  // Tokens are already refused (new session generation); this closes the sockets opened with them.
  await publishLogout(tenant, customerId)
  const pseudonym = pseudonymOf(customerId)
  return E.right({ customerId, pseudonym: `${pseudonym.firstName} ${pseudonym.surname}`, cardsDeleted: cards.length, ...counts })
}

/** The customer's own request, confirmed with their password. */
export async function eraseMe(deps: ErasureDeps, tenant: string, customerId: string, password: string): Promise<E.Either<ServiceError, ErasureReceipt>> {
  const contact = await customerContact(deps.db, tenant, customerId)
  if (!contact) return E.left(notFound(ERASURE_MESSAGES.customerNotFound))
  if (!(await verifyPassword(password, contact.password_hash))) return E.left(invalid(ERASURE_MESSAGES.wrongPassword))
  return eraseCustomer(deps, tenant, customerId)
}
