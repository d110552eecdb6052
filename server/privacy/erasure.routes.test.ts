/**
 * The right to erasure (issue 30): after a customer is erased no answer to anyone (the customer's
 * old token, staff search, the day list, the export), no mail, no log line and nothing a backup
 * would hold carries their name, email or phone; invoices and payments are kept and still add up;
 * future visits are cancelled; the email can sign up again.
 */
import { execFileSync } from 'node:child_process'
import { gunzipSync } from 'node:zlib'
import { sql } from 'kysely'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../db/ids'
import { erasedAddressOf } from './erased-address'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { SmtpInbox } from '../test-support/smtp-inbox'
import { buildTestServer, DEMO_CUSTOMER, OTHER_CUSTOMER, seedIds, type TestServer } from '../test-support/test-server'

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
/** How the demo customer can be recognised: name, email, phone (as stored and as typed). */
const IDENTIFIERS = ['Jane Doe', '"Jane"', DEMO_CUSTOMER.email, '7700900123', '7700 900123', '221B Baker']
/** A staff note about her: her personal data, deleted with her. */
const STAFF_NOTE = 'Allergic to lidocaine, see GP letter'
const ids = seedIds('demo')
const inbox = new SmtpInbox()
const logLines: string[] = []
let t: TestServer
let admin: Record<string, string>

const leaks = (text: string) => IDENTIFIERS.filter((needle) => text.toLowerCase().includes(needle.toLowerCase()))

beforeAll(async () => {
  await inbox.start()
  t = await buildTestServer({ smtpUrl: inbox.url, logLevel: 'info', logStream: { write: (line: string) => void logLines.push(line) } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  admin = { authorization: `Bearer ${login.json().token as string}` }
  // The other seeded tenant has a twin of the demo customer (same name, email, phone): another clinic's
  // customer, not erased, whose reminders would be sent and logged. Renamed, so that what is found is hers.
  await t.db.updateTable('customers').set({ email: 'twin@other.example', first_name: 'Janet', surname: 'Twin', mobile_phone: '+447700900555', address1: null }).where('tenant_id', '=', 'other').where('id', '=', seedIds('other').customerDemo!).execute()
})
afterAll(async () => {
  await t.close()
  await inbox.stop()
})

/** An invoice with a line and a settled payment, for the past visit (accounting records to keep). */
async function invoiceFor(customerId: string): Promise<string> {
  const invoiceId = newId()
  const at = new Date()
  await t.db.insertInto('commerce_invoices').values({ id: invoiceId, tenant_id: 'demo', code: `INV-${invoiceId.slice(-6)}`, customer_id: customerId, clinic_id: ids.clinicLondon, description: 'Anti-wrinkle', origin: 'booking', amount: 180, discount: 0, created_at: at, updated_at: at }).execute()
  await t.db.insertInto('commerce_invoice_items').values({ id: newId(), tenant_id: 'demo', invoice_id: invoiceId, position: 0, type: 'service', name: 'Anti-wrinkle', quantity: 1, list_price: 180, gross_price: 180, net_price: 150, tax: 20, tax_value: 30, discount: 0, final_price: 180 }).execute()
  await t.db.insertInto('commerce_payments').values({ id: newId(), tenant_id: 'demo', invoice_id: invoiceId, transaction_id: `tx-${invoiceId}`, processor: 'sandbox', amount: 180, status: 'captured', created_at: at, settled_at: at, next_check_at: at }).execute()
  return invoiceId
}

async function accountingTotals() {
  const row = await sql<{ invoices: string; items: string; payments: string; n: string }>`
    SELECT (SELECT coalesce(sum(amount), 0) FROM commerce_invoices WHERE tenant_id = 'demo') AS invoices,
           (SELECT coalesce(sum(final_price), 0) FROM commerce_invoice_items WHERE tenant_id = 'demo') AS items,
           (SELECT coalesce(sum(amount), 0) FROM commerce_payments WHERE tenant_id = 'demo') AS payments,
           (SELECT count(*) FROM commerce_invoices WHERE tenant_id = 'demo') AS n`.execute(t.db)
  return row.rows[0]
}

/**
 * A gift voucher bought and paid by `buyerToken`'s customer for `receiver` (its notice rendered into
 * mail): the voucher, its notice and its mail name the receiver, and the buyer as the sender.
 */
async function giftVoucher(buyerToken: string, buyerId: string, receiver: { name: string; email: string; message: string }): Promise<void> {
  const bought = await t.app.inject({ method: 'POST', url: '/api/gift-vouchers/purchase', headers: t.auth(buyerToken), payload: { customer: buyerId, clinic: ids.clinicLondon, vouchers: [{ value: 50, receiver }] } })
  expect(bought.statusCode, bought.body).toBe(200)
  const invoice = bought.json() as { id: string; amount: number }
  const payment = { payments: [{ value: invoice.amount, type: 'Card', coherentPaymentFlag: true }], invoice: invoice.id, idempotencyKey: `${invoice.id}:card` }
  const started = await t.app.inject({ method: 'POST', url: `/api/invoice/${invoice.id}/pay`, headers: t.auth(buyerToken), payload: payment })
  expect(started.statusCode, started.body).toBe(200)
  const card = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
  const paid = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${started.json().transactionId as string}`, payload: card })
  expect(paid.statusCode, paid.body).toBe(200)
  await t.app.deps.notifications.renderPending()
}

/** Every row of every table, as text: what a logical backup (pg_dump) made now would hold. */
async function everyRow(): Promise<string> {
  const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(t.db)
  const parts: string[] = []
  for (const { table_name } of tables.rows) {
    const rows = await sql<{ row: string }>`SELECT x::text AS row FROM ${sql.table(table_name)} x`.execute(t.db)
    parts.push(...rows.rows.map((r) => `${table_name}: ${r.row}`))
  }
  return parts.join('\n')
}

describe('POST /api/user/me/erase', () => {
  it('erases the signed-in customer: nothing that names them is left anywhere, the accounts still add up, the email can sign up again', async () => {
    const token = await t.login(DEMO_CUSTOMER)
    const customerId = ids.customerDemo!
    // Special-category data and everything else that names her: a signed consent form, a stored card, an enquiry, mail.
    const sent = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${customerId}/forms`, headers: admin, payload: { type: 'consent' } })
    expect(sent.statusCode, sent.body).toBe(201)
    expect((await t.app.inject({ method: 'POST', url: `/api/forms/user-form/sign/${sent.json().id as string}/public`, payload: { signature: SIGNATURE } })).statusCode).toBe(200)
    const lead = await t.app.inject({ method: 'POST', url: '/api/customers-lead?from=customer', payload: { firstName: 'Jane', surname: 'Doe', email: DEMO_CUSTOMER.email, mobilePhone: '+44 7700 900123', message: 'Call me' } })
    expect(lead.statusCode, lead.body).toBe(200)
    await t.db.insertInto('sandbox_cards').values({ id: newId(), tenant_id: 'demo', customer_id: customerId, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, created_at: new Date() }).execute()
    // A staff note about her (health information, in her export until she is erased).
    const note = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${customerId}/notes`, headers: admin, payload: { text: STAFF_NOTE } })
    expect(note.statusCode, note.body).toBe(201)
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/customers/${customerId}/export`, headers: admin })).json().notes).toContainEqual(expect.objectContaining({ text: STAFF_NOTE }))
    // Gift vouchers: one another customer gave her (its row, notice and mail name her as the receiver),
    // one she gave (the receiver's mail and the notice name her as the sender). Both stay valid.
    await giftVoucher(await t.login(OTHER_CUSTOMER), ids.customerOther!, { name: 'Jane Doe', email: DEMO_CUSTOMER.email, message: 'For Jane, with love' })
    await giftVoucher(token, customerId, { name: 'Sam Green', email: 'sam.green@example.test', message: 'Happy birthday Sam' })
    const vouchers = await t.db.selectFrom('commerce_gift_vouchers').select(['code', 'balance', 'status']).where('tenant_id', '=', 'demo').orderBy('code').execute()
    expect(leaks(await everyRow())).toContain(DEMO_CUSTOMER.email)
    const invoiceId = await invoiceFor(customerId)
    await t.app.deps.mail.flush()
    const before = await accountingTotals()
    const forms = await t.db.selectFrom('commerce_user_forms').select('id').where('customer_id', '=', customerId).execute()
    expect(forms.length).toBeGreaterThanOrEqual(1)
    const future = await t.db.selectFrom('appointments').select(['id', 'starts_at']).where('id', '=', ids.apptFuture!).executeTakeFirstOrThrow()

    const wrong = await t.app.inject({ method: 'POST', url: '/api/user/me/erase', headers: t.auth(token), payload: { password: 'not-mine' } })
    expect(wrong.statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(token) })).statusCode).toBe(200)

    const logMark = logLines.length
    const mailMark = inbox.deliveries.length
    const erased = await t.app.inject({ method: 'POST', url: '/api/v1/user/me/erase', headers: t.auth(token), payload: { password: DEMO_CUSTOMER.password } })
    expect(erased.statusCode, erased.body).toBe(200)
    expect(erased.json()).toMatchObject({ customerId, formsDeleted: forms.length, cardsDeleted: 1, leadsDeleted: 1, invoicesKept: 2, pseudonym: expect.stringMatching(/^Erased customer /) })
    expect(erased.json().appointmentsCancelled).toBeGreaterThanOrEqual(4)
    expect(erased.json().messagesDeleted).toBeGreaterThanOrEqual(1)
    expect(leaks(erased.body)).toEqual([])

    // Her sessions are over at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(token) })).statusCode).toBe(401)

    // Staff answers: search by name, email, phone; the day list of her cancelled visit; the export.
    for (const q of ['Jane', DEMO_CUSTOMER.email, '7700900123', 'Erased']) {
      const found = await t.app.inject({ method: 'GET', url: `/api/admin/customers?q=${encodeURIComponent(q)}`, headers: admin })
      expect(found.statusCode, found.body).toBe(200)
      expect(leaks(found.body)).toEqual([])
    }
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(future.starts_at)
    const day = await t.app.inject({ method: 'GET', url: `/api/admin/bookings?date=${date}`, headers: admin })
    expect(day.statusCode, day.body).toBe(200)
    expect(leaks(day.body)).toEqual([])
    const exported = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${customerId}/export`, headers: admin })
    expect(exported.statusCode).toBe(200)
    expect(leaks(exported.body)).toEqual([])
    expect(exported.json()).toMatchObject({ forms: [], cards: [], messages: [], notes: [], customer: { first_name: 'Erased' } })
    expect(exported.json().invoices).toHaveLength(2)

    // Her future visits are cancelled (their time is free again); the invoice is kept, the totals unchanged.
    expect((await t.db.selectFrom('appointments').select('status').where('id', '=', future.id).executeTakeFirstOrThrow()).status).toBe('Cancelled')
    const open = await t.db.selectFrom('appointments').select('id').where('customer_id', '=', customerId).where('starts_at', '>', new Date()).where('status', 'in', ['Scheduled', 'Pending']).execute()
    expect(open).toEqual([])
    expect(await accountingTotals()).toEqual(before)
    expect(await t.db.selectFrom('commerce_gift_vouchers').select(['code', 'balance', 'status']).where('tenant_id', '=', 'demo').orderBy('code').execute()).toEqual(vouchers)
    // The receiver's mail stays in their history, from the pseudonym.
    const toSam = await t.db.selectFrom('outbox').select('subject').where('to_address', '=', 'sam.green@example.test').execute()
    expect(toSam.map((m) => m.subject)).toEqual([expect.stringMatching(/^A gift voucher for you from Erased customer \w{8} \|/)])
    expect(await t.db.selectFrom('commerce_invoices').select('customer_id').where('id', '=', invoiceId).executeTakeFirstOrThrow()).toEqual({ customer_id: customerId })

    // Nothing is mailed afterwards (reminders planned, the outbox drained); no log line names her; a backup neither.
    await t.app.deps.notifications.planReminders()
    await t.app.deps.mail.flush()
    // Staff sending her a form afterwards sends nothing: her account asks for no notices, and the outbox
    // takes nothing for an erased account's address whatever asks.
    const formAfterwards = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${customerId}/forms`, headers: admin, payload: { type: 'consent' } })
    expect(formAfterwards.statusCode, formAfterwards.body).toBe(201)
    await t.app.deps.mail.enqueueMail({ tenant: 'demo', to: erasedAddressOf(customerId), subject: 'Anything', text: 'Anything' })
    await t.app.deps.mail.settled()
    await t.app.deps.mail.flush()
    expect(await t.db.selectFrom('outbox').select('id').where('to_address', 'like', '%@erased.invalid').execute()).toEqual([])
    const afterwards = inbox.deliveries.slice(mailMark)
    for (const delivery of afterwards) expect(leaks(delivery.data)).toEqual([])
    expect(afterwards.flatMap((d) => d.to)).not.toContain(DEMO_CUSTOMER.email)
    expect(leaks(logLines.slice(logMark).join('\n'))).toEqual([])
    expect(leaks(await everyRow())).toEqual([])
    expect(await everyRow()).not.toContain(STAFF_NOTE)

    // Her password opens nothing. (Checked after the log: a failed login logs the address typed, whoever's.)
    expect((await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: DEMO_CUSTOMER })).statusCode).toBe(401)

    // The address is free: she may sign up again, as a new customer.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/customer/register',
      payload: { title: 'Ms', name: 'Jane', surname: 'Doe', dob: '1988-04-12T12:00:00.000Z', gender: 'female', email: DEMO_CUSTOMER.email, mobile: '+447700900123', password: 'Secret1234', referralSource: 'Website' },
    })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().id).not.toBe(customerId)
  })

  it('needs the customer signed in', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/user/me/erase', payload: { password: 'x' } })).statusCode).toBe(401)
  })

  it('is rate limited per client, as login is: a token cannot be used to guess the password', async () => {
    const limited = await buildTestServer({ rateLimitMax: 3 })
    try {
      const token = await limited.login(OTHER_CUSTOMER)
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await limited.app.inject({ method: 'POST', url: '/api/user/me/erase', headers: limited.auth(token), payload: { password: `guess-${i}` } })).statusCode)
      expect(statuses).toEqual([400, 400, 400, 429])
      expect((await limited.app.inject({ method: 'GET', url: '/api/user/me', headers: limited.auth(token) })).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('POST /api/admin/customers/{id}/erase', () => {
  it("an admin erases a customer: their live socket is told to log out, their token stops working; 404 for no such customer; a customer's token is refused", async () => {
    const token = await t.login(OTHER_CUSTOMER)
    const otherId = ids.customerOther!
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/ws?token=${encodeURIComponent(token)}`)
    const messages: { from: string }[] = []
    const waiters: (() => void)[] = []
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as { from: string })
      for (const wake of waiters.splice(0)) wake()
    })
    const nth = async (n: number) => {
      while (messages.length < n) await new Promise<void>((resolve) => waiters.push(resolve))
      return messages[n - 1]
    }
    // The server greets a registered socket first: from then on it receives what is published.
    expect((await nth(1))?.from).toBe('connected')
    expect([401, 403]).toContain((await t.app.inject({ method: 'POST', url: `/api/admin/customers/${otherId}/erase`, headers: t.auth(token) })).statusCode)
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/customers/5e0000000000000000000099/erase', headers: admin })).json()).toEqual({ statusCode: 404, message: 'Customer not found.' })
    const logMark = logLines.length
    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${otherId}/erase`, headers: admin })
    expect(erased.statusCode, erased.body).toBe(200)
    expect(erased.json()).toMatchObject({ customerId: otherId, invoicesKept: 1 })
    expect(await nth(2)).toEqual({ from: 'logout-customer', customerId: otherId })
    socket.close()
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(token) })).statusCode).toBe(401)
    const lines = logLines.slice(logMark).join('\n')
    expect(lines).toContain('customer erased by staff')
    expect(lines).not.toContain(OTHER_CUSTOMER.email)
    expect(lines).not.toContain('John Smith')
  })
})

describe('a backup made after an erasure', () => {
  it('holds nothing of the erased customer: the data directory (PGlite) or pg_dump (PostgreSQL)', async () => {
    // A customer of this test alone (the other seeded tenant has the demo people too).
    const person = { name: 'Zerlinda', surname: 'Quoxworth', email: 'zerlinda.q@example.net', mobile: '+447700900987' }
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/customer/register',
      payload: { title: 'Ms', ...person, dob: '1990-01-02T12:00:00.000Z', gender: 'female', password: 'Secret1234', referralSource: 'Website' },
    })
    expect(registered.statusCode, registered.body).toBe(200)
    const customerId = registered.json().id as string
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/customers/${customerId}/erase`, headers: admin })).statusCode).toBe(200)

    let backup: string
    if (t.database.kind === 'pglite') {
      // What `clinic admin backup` writes for the embedded database: the data directory as a gzipped tarball.
      backup = gunzipSync(Buffer.from(await (await t.database.lite!.dumpDataDir('gzip')).arrayBuffer())).toString('latin1')
    } else {
      // What `clinic admin backup` runs on PostgreSQL, on this file's own database.
      backup = execFileSync('pg_dump', ['--no-owner', '--no-privileges', `--dbname=${t.database.url!}`], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
    }
    expect(backup.length).toBeGreaterThan(10_000)
    for (const needle of ['Quoxworth', person.email, '7700900987', '7700 900987']) expect(backup.includes(needle), needle).toBe(false)
  })
})

describe('an erasure while a booking is being written for the customer', () => {
  it('waits for the booking, then cancels it with the others', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/customer/register',
      payload: { title: 'Mr', name: 'Racey', surname: 'Booker', dob: '1985-03-04T12:00:00.000Z', gender: 'male', email: 'racey.booker@example.net', mobile: '+447700900321', password: 'Secret1234', referralSource: 'Website' },
    })
    expect(registered.statusCode, registered.body).toBe(200)
    const customerId = registered.json().id as string
    const appointmentId = newId()
    const starts = new Date(Date.now() + 300 * 86_400_000)
    starts.setUTCHours(3, 0, 0, 0)
    let erasure: Promise<{ statusCode: number }> | undefined
    await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('appointments')
        .values({ id: appointmentId, tenant_id: 'demo', customer_id: customerId, practitioner_id: ids.pSarah!, clinic_id: ids.clinicLondon!, service_id: ids.sLipFiller!, status: 'Scheduled', starts_at: starts, ends_at: new Date(starts.getTime() + 3_600_000) })
        .execute()
      // The erasure starts while this booking is not committed yet.
      erasure = t.app.inject({ method: 'POST', url: `/api/admin/customers/${customerId}/erase`, headers: admin })
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    expect((await erasure!).statusCode).toBe(200)
    expect(await t.db.selectFrom('appointments').select('status').where('id', '=', appointmentId).executeTakeFirstOrThrow()).toEqual({ status: 'Cancelled' })
  })
})
