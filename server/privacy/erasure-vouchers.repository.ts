/**
 * An erasure's part in gift vouchers and the records made of them (issue 30): a voucher names its
 * receiver and, in its mail, its buyer as the sender, in rows that are not the erased customer's own
 * (another buyer's voucher, invoice line, notice and receipt; the receiver's mail from her). Those
 * rows stay (the voucher stays valid, the invoice unchanged); her name and email in them become the
 * pseudonym's, and the messages written to or by her go.
 */
import { sql, type RawBuilder } from 'kysely'
import type { DbOrTrx } from '../db/schema'

export interface ErasedIdentity {
  customerId: string
  email: string
  /** first name and surname as mail and notices show them ('Jane Doe') */
  fullName: string
  pseudonym: { name: string; email: string }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `text` with her email (any case) and full name replaced by the pseudonym's. */
export function pseudonymised(text: string, who: ErasedIdentity): string {
  const withoutEmail = text.replace(new RegExp(escaped(who.email), 'gi'), who.pseudonym.email)
  return who.fullName ? withoutEmail.split(who.fullName).join(who.pseudonym.name) : withoutEmail
}

/** Every string in a JSON value, pseudonymised. */
function pseudonymisedJson(value: unknown, who: ErasedIdentity): unknown {
  if (typeof value === 'string') return pseudonymised(value, who)
  if (Array.isArray(value)) return value.map((v) => pseudonymisedJson(v, who))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudonymisedJson(v, who)]))
  return value
}

export async function eraseVoucherTraces(trx: DbOrTrx, tenant: string, who: ErasedIdentity): Promise<void> {
  const email = who.email.toLowerCase()
  // Vouchers given to her: the receiver becomes the pseudonym (an address never delivered to); the code
  // stays valid for whoever holds it. The buyer's message to her goes.
  const received = await trx
    .updateTable('commerce_gift_vouchers')
    .set({ receiver_name: who.pseudonym.name, receiver_email: who.pseudonym.email, message: null })
    .where('tenant_id', '=', tenant)
    .where(sql<string>`lower(receiver_email)`, '=', email)
    .returning('code')
    .execute()
  // Vouchers she gave: her message goes (her words, often signed); the receiver is someone else's data.
  const given = await trx
    .updateTable('commerce_gift_vouchers')
    .set({ message: null })
    .where('tenant_id', '=', tenant)
    .where('buyer_customer_id', '=', who.customerId)
    .returning('code')
    .execute()
  // Another buyer's invoice line for a voucher to her: the line stays, its receiver is the pseudonym.
  await sql`UPDATE commerce_invoice_items SET gift_voucher_receiver = ${JSON.stringify({ name: who.pseudonym.name, email: who.pseudonym.email })}::jsonb
    WHERE tenant_id = ${tenant} AND lower(gift_voucher_receiver->>'email') = ${email}`.execute(trx)
  // Her own notices (the records her mail was written from; a pending one could go to nobody now).
  await sql`DELETE FROM notices WHERE tenant_id = ${tenant} AND customer_id = ${who.customerId}`.execute(trx)
  // Others' notices and mail that name her: by her email (a receipt for a voucher to her) or by the
  // code of a voucher she gave or was given (the receiver's mail names her as the sender).
  const codes = [...received, ...given].map((v) => v.code)
  const namesHer = (column: RawBuilder<unknown>) =>
    codes.length > 0
      ? sql<boolean>`(strpos(lower(${column}), ${email}) > 0 OR ${column} LIKE ANY (${codes.map((c) => `%${c}%`)}::text[]))`
      : sql<boolean>`strpos(lower(${column}), ${email}) > 0`
  const notices = await sql<{ id: string; payload: unknown }>`SELECT id, payload FROM notices WHERE tenant_id = ${tenant} AND ${namesHer(sql`payload::text`)}`.execute(trx)
  for (const notice of notices.rows) {
    await sql`UPDATE notices SET payload = ${JSON.stringify(pseudonymisedJson(notice.payload, who))}::jsonb WHERE id = ${notice.id}`.execute(trx)
  }
  const mail = await trx
    .selectFrom('outbox')
    .select(['id', 'subject', 'text', 'html'])
    .where('tenant_id', '=', tenant)
    .where('channel', '<>', 'webhook')
    .where((eb) => eb.or([namesHer(sql.ref('subject')), namesHer(sql.ref('text')), eb.and([eb('html', 'is not', null), namesHer(sql.ref('html'))])]))
    .execute()
  for (const row of mail) {
    await trx
      .updateTable('outbox')
      .set({ subject: pseudonymised(row.subject, who), text: pseudonymised(row.text, who), html: row.html === null ? null : pseudonymised(row.html, who) })
      .where('id', '=', row.id)
      .execute()
  }
}
