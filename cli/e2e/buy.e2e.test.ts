// Buying from the CLI, end to end: the real server in-process (PGlite in memory, demo tenant) on a real
// port and the real executable as a child process. A course and gift vouchers paid with the sandbox
// test card, as the web app's Courses and Gift voucher views sell them; the voucher checks with the
// spec's texts; a declined card.
import { describe, expect, it } from 'vitest'
import { DEMO, DEMO_CUSTOMER } from '../../server/test-support/test-server'
import { liveCli } from '../testing/live-server'

const LONDON = DEMO.clinicLondon

const live = liveCli('clinic-buy-')
const clinic = live.clinic

interface Purchase {
  payment: { invoiceId: string; amount: number; paid: boolean }
  location: { id: string }
}

describe('clinic buy against the real server', { timeout: 120_000 }, () => {
  it('needs a signed-in customer (exit 1)', async () => {
    const run = await clinic(['buy', 'course', DEMO.coursePeel, '--location', LONDON, '--card', '4242424242424242'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/clinic login/)
    const login = await clinic(['login', '--email', DEMO_CUSTOMER.email, '--password-stdin'], `${DEMO_CUSTOMER.password}\n`)
    expect(login.code, login.stderr).toBe(0)
  })

  it('buys a course with the sandbox card; it is then among the customer\'s courses', async () => {
    const before = await clinic(['--json', 'courses'])
    const owned = before.json<{ id: string }[]>().map((c) => c.id)
    const run = await clinic(['--json', 'buy', 'course', 'Peel course', '--location', LONDON, '--card', '4242424242424242'])
    expect(run.code, run.stderr).toBe(0)
    const out = run.json<Purchase & { courses: { id: string; salePrice: number }[] }>()
    expect(out.courses.map((c) => c.id)).toEqual([DEMO.coursePeel])
    expect(out.payment.paid).toBe(true)
    expect(out.payment.amount).toBe(out.courses[0].salePrice)
    expect(run.stderr).toMatch(/^Bought: Peel course: 4 sessions at .+; £320\.00 paid\.$/m)
    const after = await clinic(['--json', 'courses'])
    const added = after.json<{ id: string; name: string; quantity: number }[]>().filter((c) => !owned.includes(c.id))
    expect(added.map((c) => [c.name, c.quantity])).toEqual([['Peel course: 4 sessions', 4]])
    const invoice = await live.server.app.inject({ method: 'GET', url: `/api/invoices/${out.payment.invoiceId}`, headers: live.server.auth(await live.server.login(DEMO_CUSTOMER)) })
    expect(invoice.json()).toMatchObject({ origin: 'ONLINE_COURSE', paymentStatus: 'Paid' })
  })

  it('buys gift vouchers for someone else and for oneself', async () => {
    const org = await clinic(['--json', 'services', '--vouchers'])
    const [amount] = org.json<{ amounts: number[] }>().amounts
    const gift = await clinic(['--json', 'buy', 'voucher', String(amount), '--to', ' Ann Lee ', '--email', 'Ann.Lee@Example.com', '--message', 'Happy birthday', '--location', LONDON, '--card', '4242424242424242'])
    expect(gift.code, gift.stderr).toBe(0)
    const out = gift.json<Purchase & { voucher: { value: number; receiver: { name: string; email: string; message: string } } }>()
    expect(out.voucher).toEqual({ value: amount, receiver: { name: 'Ann Lee', email: 'ann.lee@example.com', message: 'Happy birthday' } })
    expect(out.payment).toMatchObject({ amount, paid: true })
    const invoice = await live.server.app.inject({ method: 'GET', url: `/api/invoices/${out.payment.invoiceId}`, headers: live.server.auth(await live.server.login(DEMO_CUSTOMER)) })
    expect(invoice.json()).toMatchObject({ paymentStatus: 'Paid', items: [{ giftVoucherReceiver: { name: 'Ann Lee', email: 'ann.lee@example.com' } }] })

    const mine = await clinic(['buy', 'voucher', String(amount), '--for-me', '--location', LONDON, '--card', '4242424242424242'])
    expect(mine.code, mine.stderr).toBe(0)
    expect(mine.stdout).toMatch(/^Bought: a £\d+\.00 gift voucher at .+; £\d+\.00 paid\.$/m)
  })

  it("checks a voucher for someone else with the spec's texts before anything is bought (2)", async () => {
    const cases: [string[], string][] = [
      [['--to', ' ', '--email', 'a@example.com'], '--to: Name is required.'],
      [['--to', 'Ann', '--email', ''], '--email: Email is required.'],
      [['--to', 'Ann', '--email', 'ann@'], '--email: Invalid email address.'],
      [['--to', 'Ann', '--email', 'a@example.com', '--confirm-email', ''], '--confirm-email: Confirm email is required.'],
      [['--to', 'Ann', '--email', 'a@example.com', '--confirm-email', 'b@example.com'], '--confirm-email: Email addresses do not match.'],
    ]
    for (const [args, text] of cases) {
      const run = await clinic(['buy', 'voucher', '100', ...args, '--location', LONDON, '--card', '4242424242424242'])
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toBe(`error: ${text} (run clinic buy voucher --help for usage)\n`)
    }
    const nobody = await clinic(['buy', 'voucher', '100'])
    expect(nobody.code).toBe(2)
    const both = await clinic(['buy', 'voucher', '100', '--for-me', '--to', 'Ann'])
    expect(both.code).toBe(2)
    const amount = await clinic(['buy', 'voucher', '7', '--for-me'])
    expect(amount.code).toBe(2)
    expect(amount.stderr).toMatch(/^error: <amount> must be one of £.+; got '7'\. \(run clinic buy voucher --help for usage\)\n$/)
  })

  it('a declined card buys nothing (exit 1)', async () => {
    const run = await clinic(['buy', 'course', DEMO.coursePeel, '--location', LONDON, '--card', '4000000000000002'])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: The card was declined: Unhandled request. Nothing was bought.\n')
  })
})
