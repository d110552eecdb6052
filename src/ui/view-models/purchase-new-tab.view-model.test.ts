// A course purchase's and a gift voucher's payment step share their confirm URL. Opened in a new tab
// (none of the first tab's session storage) it showed confirm, whose 'agree' began a second invoice for
// the same thing; and a reload of a purchase of several courses (the URL names the last one only) fell
// back to confirm too. Each comes back to the payment begun, as the server still has it open.
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { courseRecord, paymentCheck, paymentOutcome, type UseCaseFakes } from './booking.test-support'
import { tabPage } from './payment-reload.test-support'
import { InMemoryBookingStore, MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import { toCourseView } from './catalogue-views'
import type { ConfirmOutcome } from '../../application/use-cases/confirm-booking.use-case'
import type { Invoice } from '../../contract/invoices.codecs'
import type { Course } from '../../contract/courses.routes'
import type { RouteState } from './booking.view-model'
import { TEXT } from '../../application/errors'

const second = { id: 'k2', name: 'Four peels', category: 'kc', salePrice: 300, courseServices: [] } as unknown as Course
const courses: Partial<UseCaseFakes> = { ListCourses: async () => E.right([{ category: { id: 'kc', name: 'Courses' }, courses: [courseRecord, second] }] as never) }
const stripePayment = { paymentUrl: '/pay/stripe/pi_1', transactionId: 'pi_1', invoiceId: 'i1', amount: 700, clientSecret: 'pi_1_secret_abc' }
const begun = { ...paymentOutcome(stripePayment), payment: stripePayment } as ConfirmOutcome
const courseConfirm: RouteState = { locationId: 'c1', categoryId: 'kc', serviceId: 'k2', confirm: true, query: { course: 'true' } }
const voucherList: RouteState = { locationId: 'c1', query: {} }
const voucherConfirm: RouteState = { locationId: 'c1', confirm: true, query: {} }
const voucher = { value: 50, receiver: { name: 'Bob Lee', email: 'bob@example.com', message: 'Happy birthday' } }

const courseInvoice = { id: 'i1', amount: 700, items: [{ type: 'Course', name: 'Six facials', quantity: 1, grossPrice: 400, netPrice: 400, finalPrice: 400 }] } as Invoice
const voucherInvoice = {
  id: 'i1', amount: 50,
  items: [{ type: 'Giftvoucher', name: 'Gift voucher', quantity: 1, listPrice: 50, grossPrice: 50, netPrice: 50, finalPrice: 50, giftVoucherReceiver: voucher.receiver }],
} as Invoice
const stillOpen = (invoice: Invoice): UseCaseFakes['GetOpenPurchase'] => async () => E.right({ invoice, clientSecret: 'pi_1_secret_abc' })
const unreachable = { _tag: 'Unreachable', message: TEXT.unreachable } as const
/** The server down (no answer) until `up`, then answering as `then` does. */
function serverDownThen(then: UseCaseFakes['GetOpenPurchase']): { up: boolean; answer: UseCaseFakes['GetOpenPurchase'] } {
  const server: { up: boolean; answer: UseCaseFakes['GetOpenPurchase'] } = { up: false, answer: (...args) => (server.up ? then(...args) : Promise.resolve(E.left(unreachable))) }
  return server
}

/** Two courses chosen ('Do you want to add another course?' Yes, then No), their terms agreed: on their payment step. */
async function coursesOnPayment(browser: InMemoryBookingStore, tab = new MemoryStorage()) {
  const first = tabPage(tab, { ...courses, ConfirmBooking: async () => E.right(begun) }, browser)
  await first.open(voucherList)
  first.booking.setView('courses')
  first.booking.chooseService(toCourseView(courseRecord), 'kc')
  first.booking.answerAnotherCourse(true)
  first.booking.chooseService(toCourseView(second), 'kc')
  first.booking.answerAnotherCourse(false)
  expect(first.navigator.paths.at(-1)).toBe('/step/c1/kc/k2/confirm?course=true')
  await first.open(courseConfirm)
  first.confirm.onTermsScroll(400, 200, 600)
  await first.confirm.agree()
  expect(first.payment.session?.transactionId).toBe('pi_1')
  return first
}

describe('a purchase of several courses reloaded on its payment step', () => {
  it('comes back to the payment with all its courses, in order, and begins none', async () => {
    const tab = new MemoryStorage()
    const browser = new InMemoryBookingStore()
    await coursesOnPayment(browser, tab)

    const reloaded = tabPage(tab, courses, browser)
    await reloaded.open(courseConfirm)
    expect(reloaded.booking.view.step).toBe('payment')
    expect(reloaded.booking.view.basket.map((i) => i.service.id)).toEqual(['k1', 'k2'])
    expect(reloaded.payment.session).toEqual({ kind: 'course', ...stripePayment })
    expect(reloaded.useCases.calls.ConfirmBooking).toBeUndefined()
    // The tab's own: nothing asked of the server.
    expect(reloaded.useCases.calls.GetOpenPurchase).toBeUndefined()
  })
})

describe('a course purchase opened in a new tab on its payment step', () => {
  it("takes up the payment the server still has open: its courses, amount and card secret; begins none, and is paid there", async () => {
    const browser = new InMemoryBookingStore()
    await coursesOnPayment(browser)
    const tab = tabPage(new MemoryStorage(), { ...courses, GetOpenPurchase: stillOpen(courseInvoice), CheckPayment: async () => E.right(paymentCheck(true)) }, browser)
    await tab.open(courseConfirm)
    expect(tab.useCases.calls.GetOpenPurchase).toEqual([['i1', 'pi_1']])
    expect(tab.booking.view.step).toBe('payment')
    expect(tab.booking.view.basket.map((i) => i.service.id)).toEqual(['k1', 'k2'])
    expect(tab.payment.session).toEqual({ kind: 'course', ...stripePayment })
    expect(tab.payment.amounts).toEqual({ dueNow: 700, atClinic: 0 })
    expect(tab.useCases.calls.ConfirmBooking).toBeUndefined()
    await tab.payment.poll()
    expect(tab.payment.paid).toBe(true)
    expect(tab.useCases.calls.VerifyCourseAssignment).toEqual([['i1']])
    // Paid: no other tab has it to take up.
    expect(browser.get('payingPurchase')).toBeUndefined()
  })

  it('none open any more (paid, ended): confirm as before, and the purchase is forgotten', async () => {
    const browser = new InMemoryBookingStore()
    await coursesOnPayment(browser)
    const tab = tabPage(new MemoryStorage(), courses, browser)
    await tab.open(courseConfirm)
    expect(tab.useCases.calls.GetOpenPurchase).toEqual([['i1', 'pi_1']])
    expect(tab.booking.view.step).toBe('confirm')
    expect(tab.payment.session).toBeUndefined()
    expect(browser.get('payingPurchase')).toBeUndefined()
  })

  it("another payment paid in another tab (a booking's deposit) leaves this purchase's to take up", async () => {
    const browser = new InMemoryBookingStore()
    await coursesOnPayment(browser)
    const other = tabPage(new MemoryStorage(), { CheckPayment: async () => E.right(paymentCheck(true)) }, browser)
    other.payment.start({ kind: 'deposit', paymentUrl: '/pay/t9', transactionId: 't9', invoiceId: 'i9' })
    await other.payment.poll()
    expect(other.payment.paid).toBe(true)
    expect(browser.get('payingPurchase')?.payment.transactionId).toBe('pi_1')
  })

  it("the server not reached: the wizard's failure state and 'Try again', never confirm; 'Try again' takes up the payment", async () => {
    const browser = new InMemoryBookingStore()
    await coursesOnPayment(browser)
    const server = serverDownThen(stillOpen(courseInvoice))
    const tab = tabPage(new MemoryStorage(), { ...courses, GetOpenPurchase: server.answer }, browser)
    await tab.open(courseConfirm)
    expect(tab.services.purchases.failed).toBe(TEXT.unreachable)
    expect(tab.toasts.toasts.map((t) => t.text)).toEqual([TEXT.unreachable])
    expect(tab.booking.view.restoring).toBe(false)
    // Nothing rebuilt to agree to: confirm's 'agree' would begin a second invoice for the same purchase.
    expect(tab.booking.view.basket).toEqual([])
    expect(tab.booking.view.canConfirm).toBe(false)
    expect(tab.navigator.paths).toEqual([])
    expect(browser.get('payingPurchase')?.payment.transactionId).toBe('pi_1')

    // Still down: the same failure, asked again.
    await tab.services.purchases.tryAgain()
    expect(tab.services.purchases.failed).toBe(TEXT.unreachable)
    expect(tab.useCases.calls.GetOpenPurchase).toHaveLength(2)

    server.up = true
    await tab.services.purchases.tryAgain()
    expect(tab.services.purchases.failed).toBeUndefined()
    expect(tab.booking.view.step).toBe('payment')
    expect(tab.booking.view.basket.map((i) => i.service.id)).toEqual(['k1', 'k2'])
    expect(tab.payment.session).toEqual({ kind: 'course', ...stripePayment })
    expect(tab.useCases.calls.ConfirmBooking).toBeUndefined()
  })

  it("another course's confirm URL does not ask for this purchase's payment", async () => {
    const browser = new InMemoryBookingStore()
    await coursesOnPayment(browser)
    const other = { ...courseRecord, id: 'k3' } as unknown as Course
    const tab = tabPage(new MemoryStorage(), { ListCourses: async () => E.right([{ category: { id: 'kc', name: 'Courses' }, courses: [other] }] as never), GetOpenPurchase: stillOpen(courseInvoice) }, browser)
    await tab.open({ ...courseConfirm, serviceId: 'k3' })
    expect(tab.useCases.calls.GetOpenPurchase).toBeUndefined()
    expect(tab.booking.view.step).toBe('confirm')
    expect(tab.payment.session).toBeUndefined()
  })
})

describe('a gift voucher opened in a new tab on its payment step', () => {
  async function voucherOnPayment(browser: InMemoryBookingStore) {
    const first = tabPage(new MemoryStorage(), { ConfirmBooking: async () => E.right(begun) }, browser)
    await first.open(voucherList)
    first.booking.addGiftVoucher(voucher)
    await first.open(voucherConfirm)
    first.confirm.onTermsScroll(400, 200, 600)
    await first.confirm.agree()
    expect(first.booking.view.step).toBe('payment')
    return first
  }

  it('takes up the payment the server still has open, with the voucher and receiver of its invoice; a reload there keeps it', async () => {
    const browser = new InMemoryBookingStore()
    await voucherOnPayment(browser)
    const storage = new MemoryStorage()
    const tab = tabPage(storage, { GetOpenPurchase: stillOpen(voucherInvoice) }, browser)
    await tab.open(voucherConfirm)
    expect(tab.booking.view.step).toBe('payment')
    expect(tab.booking.view.giftVouchers).toEqual([voucher])
    expect(tab.payment.session).toEqual({ kind: 'giftVoucher', ...stripePayment, amount: 50 })
    expect(tab.useCases.calls.ConfirmBooking).toBeUndefined()
    expect(tab.navigator.paths).toEqual(['/step/c1/confirm'])

    // That tab's own now: its reload comes back without asking the server.
    const reloaded = tabPage(storage, {}, browser)
    await reloaded.open(voucherConfirm)
    expect(reloaded.payment.session).toEqual({ kind: 'giftVoucher', ...stripePayment, amount: 50 })
    expect(reloaded.useCases.calls.GetOpenPurchase).toBeUndefined()
  })

  it('none open any more: as before (no voucher in that tab: not the payment step)', async () => {
    const browser = new InMemoryBookingStore()
    await voucherOnPayment(browser)
    const tab = tabPage(new MemoryStorage(), {}, browser)
    await tab.open(voucherConfirm)
    expect(tab.useCases.calls.GetOpenPurchase).toEqual([['i1', 'pi_1']])
    expect(tab.booking.view.step).not.toBe('payment')
    expect(tab.payment.session).toBeUndefined()
    expect(tab.useCases.calls.ConfirmBooking).toBeUndefined()
  })

  it("the server not reached: the failure state and 'Try again'; back, the payment with the invoice's voucher", async () => {
    const browser = new InMemoryBookingStore()
    await voucherOnPayment(browser)
    const server = serverDownThen(stillOpen(voucherInvoice))
    const tab = tabPage(new MemoryStorage(), { GetOpenPurchase: server.answer }, browser)
    await tab.open(voucherConfirm)
    expect(tab.services.purchases.failed).toBe(TEXT.unreachable)
    expect(tab.booking.view.giftVouchers).toEqual([])
    expect(tab.navigator.paths).toEqual([])
    server.up = true
    await tab.services.purchases.tryAgain()
    expect(tab.services.purchases.failed).toBeUndefined()
    expect(tab.booking.view.step).toBe('payment')
    expect(tab.booking.view.giftVouchers).toEqual([voucher])
    expect(tab.payment.session).toEqual({ kind: 'giftVoucher', ...stripePayment, amount: 50 })
    expect(tab.useCases.calls.ConfirmBooking).toBeUndefined()
  })

  it('another URL arriving meanwhile: no failure shown for the one left', async () => {
    const browser = new InMemoryBookingStore()
    await voucherOnPayment(browser)
    let fail: () => void = () => undefined
    const slow: UseCaseFakes['GetOpenPurchase'] = () => new Promise((resolve) => (fail = () => resolve(E.left(unreachable))))
    const tab = tabPage(new MemoryStorage(), { GetOpenPurchase: slow }, browser)
    const first = tab.open(voucherConfirm)
    await tab.open(voucherList)
    fail()
    await first
    expect(tab.services.purchases.failed).toBeUndefined()
  })

  it("'Start again' in the first tab gives it up: a new tab has nothing to ask for", async () => {
    const browser = new InMemoryBookingStore()
    const first = await voucherOnPayment(browser)
    first.payment.startAgain()
    const tab = tabPage(new MemoryStorage(), { GetOpenPurchase: stillOpen(voucherInvoice) }, browser)
    await tab.open(voucherConfirm)
    expect(tab.useCases.calls.GetOpenPurchase).toBeUndefined()
    expect(tab.payment.session).toBeUndefined()
  })
})
