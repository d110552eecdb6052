// nock tests of `clinic buy`: the calls of a course purchase (the ONLINE_COURSE invoice, its card
// payment, the sandbox card page, the payment check, the course assignment check) and of a gift
// voucher for someone else (the receiver as the server gets it), and a declined card.
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ManualClock } from '../../src/adapters/clock/system-clock.adapter'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { CATEGORY, CLINIC, COURSE, CUSTOMER, HOST, INVOICE, MASSAGE, category, clinic, customer, invoice, organisation } from '../testing/fixtures'

const TOKEN = 'tok-buy'
const TXN = 'txn_buy'
const home = tempConfigHome()
const cli = (...args: string[]) => runCli(['--base-url', HOST, ...args], { env: { XDG_CONFIG_HOME: home.dir }, overrides: { clock: new ManualClock(new Date()) } })
const authed = () => nock(HOST, { reqheaders: { authorization: `Bearer ${TOKEN}` } })

useNock()
beforeEach(() => {
  mkdirSync(join(home.dir, 'clinic'), { recursive: true })
  writeFileSync(join(home.dir, 'clinic', 'token'), TOKEN, { mode: 0o600 })
})
afterAll(() => home.remove())

const course = { id: COURSE, name: 'Six massages', salePrice: 150, courseServices: [{ service: MASSAGE, quantity: 6, name: 'Massage' }] }

/** The card payment of the invoice, paid with the sandbox card, and the first check says paid. */
function cardPayment(amount: number, paid = true) {
  authed()
    .post(`/api/invoice/${INVOICE}/pay`, (b) => b.payments[0].value === amount && b.payments[0].type === 'Card' && b.payments[0].coherentPaymentFlag === true)
    .reply(200, { paymentUrl: `/sandbox/pay/${TXN}`, transactionId: TXN })
  if (!paid) {
    nock(HOST).post(`/sandbox/pay/${TXN}`).reply(402, { statusCode: 402, message: 'CVV is not correct.', failed: true })
    return
  }
  nock(HOST).post(`/sandbox/pay/${TXN}`, { cardNo: '4242424242424242', expDate: /^12\/\d\d$/, cvv: '123', postCode: 'SW1A 1AA' }).reply(200, { status: 'paid' })
  authed().get(`/api/coherence/check-payment/${TXN}`).reply(200, { isPaid: true, status: 'paid' })
}

describe('clinic buy course', () => {
  it('invoices the course as an online sale, pays it with the card, then verifies the assignment', async () => {
    authed().get('/api/user/me').reply(200, customer)
    authed().get('/api/public-clinics').reply(200, [clinic])
    authed().get('/api/course/groupedByCategory').query(true).reply(200, [{ category, courses: [course] }])
    authed().get('/api/public/organisations').reply(200, organisation)
    authed()
      .post('/api/invoice/create', {
        customer: CUSTOMER,
        clinic: CLINIC,
        origin: 'ONLINE_COURSE',
        description: 'Online Course Purchase',
        items: [{ type: 'Course', quantity: 1, referenceId: COURSE, location: CLINIC, onlineSale: true }],
        // the purchase's key: its invoice made once whatever the tries
        idempotencyKey: /^[0-9a-f]{32}$/,
      })
      .reply(200, { ...invoice, amount: 150, origin: 'ONLINE_COURSE' })
    cardPayment(150)
    const verified = authed().post(`/api/course/verify-assignment/${INVOICE}`).reply(200, { assigned: true })
    const run = await cli('--json', 'buy', 'course', 'six', '--card', '4242424242424242')
    expect(run.code, run.stderr).toBe(0)
    expect(verified.isDone()).toBe(true)
    expect(run.json()).toEqual({
      courses: [{ id: COURSE, name: 'Six massages', salePrice: 150 }],
      location: { id: CLINIC, name: 'Soho' },
      payment: { invoiceId: INVOICE, amount: 150, transactionId: TXN, paymentUrl: `${HOST}/sandbox/pay/${TXN}`, paid: true },
    })
    expect(run.stderr).toBe('Bought: Six massages at Soho; £150.00 paid.\n')
  })

  it('a course nobody sells is a usage error (2) naming the known ones', async () => {
    authed().get('/api/user/me').reply(200, customer)
    authed().get('/api/public-clinics').reply(200, [clinic])
    authed().get('/api/course/groupedByCategory').query(true).reply(200, [{ category: { id: CATEGORY, name: 'Face' }, courses: [course] }])
    const run = await cli('buy', 'course', 'Yoga')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe("error: No course matches 'Yoga' (<course>). Known: Six massages. (run clinic buy course --help for usage)\n")
  })
})

describe('clinic buy voucher', () => {
  it('for someone else: the receiver trimmed and lowercased in POST /gift-vouchers/purchase', async () => {
    authed().get('/api/public/organisations').reply(200, organisation)
    authed().get('/api/user/me').reply(200, customer)
    authed().get('/api/public-clinics').reply(200, [clinic])
    authed()
      .post('/api/gift-vouchers/purchase', {
        customer: CUSTOMER,
        clinic: CLINIC,
        vouchers: [{ value: 50, receiver: { name: 'Ann Lee', email: 'ann@example.com', message: 'Enjoy' } }],
        idempotencyKey: /^[0-9a-f]{32}$/,
      })
      .reply(200, { ...invoice, amount: 50 })
    cardPayment(50)
    const run = await cli('buy', 'voucher', '£50', '--to', ' Ann Lee ', '--email', 'Ann@Example.com', '--message', 'Enjoy', '--card', '4242424242424242')
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^Bought: a £50\.00 gift voucher for Ann Lee at Soho; £50\.00 paid\.\n/)
  })

  it('a declined card buys nothing (1); gift vouchers not sold online are refused (1)', async () => {
    authed().get('/api/public/organisations').reply(200, organisation)
    authed().get('/api/user/me').reply(200, customer)
    authed().get('/api/public-clinics').reply(200, [clinic])
    authed().post('/api/gift-vouchers/purchase', (b) => b.vouchers[0].value === 100 && b.vouchers[0].receiver === undefined).reply(200, { ...invoice, amount: 100 })
    cardPayment(100, false)
    const declined = await cli('buy', 'voucher', '100', '--for-me', '--card', '4242424242424242', '--cvv', '999')
    expect(declined.code).toBe(1)
    expect(declined.stderr).toBe('error: The card was declined: CVV is not correct. Nothing was bought.\n')

    authed().get('/api/public/organisations').reply(200, { ...organisation, sellGiftVoucherOnline: false })
    const notSold = await cli('buy', 'voucher', '100', '--for-me')
    expect(notSold.code).toBe(1)
    expect(notSold.stderr).toBe('error: Gift vouchers are not sold online.\n')
  })
})
