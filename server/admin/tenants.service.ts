/**
 * Tenant creation (operator only): the tenant, its organisation with the spec's defaults, and its
 * first admin with a one-time set-password link built from the configured public origin.
 */
import { SETTINGS_DEFAULTS } from '../../src/contract/setup-document.codecs'
import { createHash, timingSafeEqual } from 'node:crypto'
import * as E from 'fp-ts/Either'
import type { CreatedTenant } from '../../src/contract/admin.routes'
import type { Db, OrganisationSettings } from '../db/schema'
import { isEmail } from '../../src/domain/validation/email'
import { insertStaff } from '../staff/staff.repository'
import { SET_PASSWORD_LINK_MS, setPasswordLink } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import { brandedMail, staffInviteMessage } from '../notifications/account-messages'
import type { MailApi } from '../notifications/mail.service'
import { insertTenant, tenantExists } from './tenants.repository'

export type TenantError =
  | { readonly _tag: 'TenantCreationOff' }
  | { readonly _tag: 'BadOperatorKey' }
  | { readonly _tag: 'BadShortName' }
  | { readonly _tag: 'BadEmail' }
  | { readonly _tag: 'TenantExists'; readonly tenant: string }

/** A DNS label (it becomes the subdomain): letters, digits and inner dashes, at most 63 characters. */
const SHORT_NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

/** Spec section 9 defaults: GBP, GB, 48 hours, charge 0.00 AMOUNT, rule 'allow', the listed voucher amounts. */
export const DEFAULT_SETTINGS: OrganisationSettings = {
  // The same defaults a set-up document's left-out settings take.
  ...SETTINGS_DEFAULTS,
  giftVoucherValues: [...SETTINGS_DEFAULTS.giftVoucherValues],
}

const digest = (s: string) => createHash('sha256').update(s).digest()

/** Compares in constant time (digests have one length whatever the key's). */
export function operatorKeyMatches(configured: string | undefined, sent: string | undefined): E.Either<TenantError, void> {
  if (!configured) return E.left({ _tag: 'TenantCreationOff' })
  if (!sent || !timingSafeEqual(digest(configured), digest(sent))) return E.left({ _tag: 'BadOperatorKey' })
  return E.right(undefined)
}

export async function createTenant(
  deps: { db: Db; mail: MailApi },
  input: { shortName: string; name: string; adminEmail: string; adminName?: string },
  originOf: (tenant: string) => string,
  now: Date,
): Promise<E.Either<TenantError, CreatedTenant>> {
  const tenant = input.shortName.trim().toLowerCase()
  if (!SHORT_NAME.test(tenant)) return E.left({ _tag: 'BadShortName' })
  const email = input.adminEmail.trim().toLowerCase()
  if (!isEmail(email)) return E.left({ _tag: 'BadEmail' })
  return deps.db.transaction().execute(async (handle: Db) => {
    const trx = operatorDb(handle)
    if (await tenantExists(trx, tenant)) return E.left({ _tag: 'TenantExists', tenant } as const)
    await insertTenant(trx, tenant, input.name.trim(), DEFAULT_SETTINGS)
    const admin = await insertStaff(trx, { tenant, email, displayName: input.adminName?.trim() || email, role: 'admin' })
    const setPasswordUrl = await setPasswordLink(trx, tenant, admin.id, originOf(tenant), now)
    // The admin hears of the login as every new staff login does (the operator also sees the link).
    const message = staffInviteMessage(email, setPasswordUrl, SET_PASSWORD_LINK_MS / 86_400_000)
    await deps.mail.enqueueMail({ tenant, to: email, ...(await brandedMail(handle, tenant, message)) }, handle)
    return E.right({ tenant, name: input.name.trim(), adminEmail: email, setPasswordUrl })
  })
}
