// A course purchase's or gift voucher's invoice is made once per purchase (its key, as Stripe's
// idempotency keys): the same key sent again, or twice at once, answers the purchase's open invoice
// instead of a second one; once paid (or ended) it is refused with a 409 that says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { MESSAGES } from '../service-error'

let t: TestServer
let demo: string
let other: string
beforeAll(async () => {
  t = await buildTestServer()
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())

const inject = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: t.auth(token), payload })
const course = (key?: string, customer = DEMO.customerDemo) => ({
  customer,
  clinic: DEMO.clinicLondon,
  origin: 'ONLINE_COURSE',
  description: 'Online Course Purchase',
  items: [{ type: 'Course', quantity: 1, referenceId: DEMO.coursePeel, location: DEMO.clinicLondon, onlineSale: true }],
  ...(key ? { idempotencyKey: key } : {}),
})
const vouchers = (key: string) => ({ customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, vouchers: [{ value: 50 }], idempotencyKey: key })

/** The invoices made for this key (any customer), and the courses they sold. */
async function madeFor(key: string): Promise<{ invoices: number; courses: number }> {
  const db = t.db.withTables<{ commerce_invoices: { id: string; purchase_key: string | null }; commerce_customer_courses: { invoice_id: string } }>()
  const invoices = await db.selectFrom('commerce_invoices').select('id').where('purchase_key', '=', key).execute()
  const ids = invoices.map((i) => i.id)
  const courses = ids.length ? await db.selectFrom('commerce_customer_courses').select('invoice_id').where('invoice_id', 'in', ids).execute() : []
  return { invoices: invoices.length, courses: courses.length }
}

async function payInFull(invoiceId: string, token = demo): Promise<void> {
  const started = await inject(`/api/invoice/${invoiceId}/pay`, token, { payments: [{ value: 320, type: 'Card', coherentPaymentFlag: true }], invoice: invoiceId, idempotencyKey: `${invoiceId}:card` })
  expect(started.statusCode, started.body).toBe(200)
  const card = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
  expect((await t.app.inject({ method: 'POST', url: `/sandbox/pay/${started.json().transactionId}`, payload: card })).statusCode).toBe(200)
}

describe('a course purchase invoiced again with its key', () => {
  it('answers its open invoice, never a second one; another customer\'s same key is their own purchase', async () => {
    const first = await inject('/api/invoice/create', demo, course('course-again'))
    expect(first.statusCode, first.body).toBe(200)
    const again = await inject('/api/invoice/create', demo, course('course-again'))
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await madeFor('course-again')).toEqual({ invoices: 1, courses: 1 })

    const theirs = await inject('/api/invoice/create', other, course('course-again', DEMO.customerOther))
    expect(theirs.statusCode, theirs.body).toBe(200)
    expect(theirs.json().id).not.toBe(first.json().id)
  })

  it('two requests at once make one invoice, and both answer it', async () => {
    const answers = await Promise.all([inject('/api/invoice/create', demo, course('course-race')), inject('/api/invoice/create', demo, course('course-race'))])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect(answers[1].json().id).toBe(answers[0].json().id)
    expect(await madeFor('course-race')).toEqual({ invoices: 1, courses: 1 })
  })

  it('once paid it cannot be invoiced again: 409 with the reason', async () => {
    const invoice = (await inject('/api/invoice/create', demo, course('course-paid'))).json()
    await payInFull(invoice.id)
    const again = await inject('/api/invoice/create', demo, course('course-paid'))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ statusCode: 409, message: MESSAGES.invoicePaid })
    expect(await madeFor('course-paid')).toEqual({ invoices: 1, courses: 1 })
  })

  it('ended (void) it cannot be invoiced again either', async () => {
    const invoice = (await inject('/api/invoice/create', demo, course('course-void'))).json()
    await t.db.withTables<{ commerce_invoices: { id: string; payment_status: string } }>().updateTable('commerce_invoices').set({ payment_status: 'Void' }).where('id', '=', invoice.id).execute()
    const again = await inject('/api/invoice/create', demo, course('course-void'))
    expect(again.json()).toEqual({ statusCode: 409, message: MESSAGES.invoiceVoid })
  })

  it('without a key each request is a purchase of its own, as before', async () => {
    const a = (await inject('/api/invoice/create', demo, course())).json()
    const b = (await inject('/api/invoice/create', demo, course())).json()
    expect(b.id).not.toBe(a.id)
  })
})

describe('a gift voucher purchase sent again with its key', () => {
  it('answers its open invoice, also when sent twice at once, by either route', async () => {
    const answers = await Promise.all([inject('/api/gift-vouchers/purchase', demo, vouchers('voucher-race')), inject('/api/gift-vouchers/purchase', demo, vouchers('voucher-race'))])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect(answers[1].json().id).toBe(answers[0].json().id)
    const viaCreate = await inject('/api/invoice/create', demo, {
      customer: DEMO.customerDemo,
      clinic: DEMO.clinicLondon,
      items: [{ type: 'Giftvoucher', quantity: 1, value: 50 }],
      idempotencyKey: 'voucher-race',
    })
    expect(viaCreate.statusCode, viaCreate.body).toBe(200)
    expect(viaCreate.json().id).toBe(answers[0].json().id)
    expect((await madeFor('voucher-race')).invoices).toBe(1)
  })
})
