// A course purchase's payment step shares its confirm URL (/step/{clinic}/{category}/{course}/confirm?course=true):
// a reload there rebuilt the course and showed confirm again, whose 'agree' began a second payment.
// It comes back to the same payment (KeptCoursePayment), its card form's secret too (KeptCardSecret).
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { paymentCheck, paymentOutcome } from './booking.test-support'
import { tabPage } from './payment-reload.test-support'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import type { ConfirmOutcome } from '../../application/use-cases/confirm-booking.use-case'
import type { UseCaseFakes } from './booking.test-support'
import type { RouteState } from './booking.view-model'

const confirmUrl: RouteState = { locationId: 'c1', categoryId: 'kc', serviceId: 'k1', confirm: true, query: { course: 'true', service: '0' } }
const stripePayment = { paymentUrl: '/pay/stripe/pi_1', transactionId: 'pi_1', invoiceId: 'i1', amount: 400, clientSecret: 'pi_1_secret_abc' }
const begun = { ...paymentOutcome(stripePayment), payment: stripePayment } as ConfirmOutcome

function page(tab: MemoryStorage, overrides: Partial<UseCaseFakes> = {}) {
  return tabPage(tab, { ConfirmBooking: async () => E.right(begun), ...overrides })
}

/** Everything the tab keeps, as stored. */
const keptValues = (tab: MemoryStorage): string[] => Array.from({ length: tab.length }, (_, i) => tab.getItem(tab.key(i) ?? '') ?? '')

/** The course's confirm URL opened, its terms agreed: on its payment step. */
async function onPayment(tab: MemoryStorage) {
  const first = page(tab)
  await first.open(confirmUrl)
  expect(first.booking.view.step).toBe('confirm')
  first.confirm.onTermsScroll(400, 200, 600)
  await first.confirm.agree()
  expect(first.booking.view.step).toBe('payment')
  return first
}

describe('a course purchase reloaded on its payment step', () => {
  it('comes back to the same payment, with its amount and card secret, and is paid there', async () => {
    const tab = new MemoryStorage()
    await onPayment(tab)
    expect(keptValues(tab).some((v) => v.includes('pi_1_secret_abc'))).toBe(true)

    const reloaded = page(tab, { CheckPayment: async () => E.right(paymentCheck(true)) })
    await reloaded.open(confirmUrl)
    expect(reloaded.booking.view.step).toBe('payment')
    expect(reloaded.booking.view.basket.map((i) => i.service.id)).toEqual(['k1'])
    expect(reloaded.payment.session).toEqual({ kind: 'course', ...stripePayment })
    expect(reloaded.payment.amounts).toEqual({ dueNow: 400, atClinic: 0 })
    expect(reloaded.useCases.calls.ConfirmBooking).toBeUndefined()
    await reloaded.payment.poll()
    expect(reloaded.payment.paid).toBe(true)
    expect(reloaded.useCases.calls.VerifyCourseAssignment).toEqual([['i1']])

    // Paid: nothing of it stays in the tab, and a later reload of that URL shows confirm.
    expect(keptValues(tab).filter((v) => v.includes('secret') || v.includes('pi_1'))).toEqual([])
    const again = page(tab)
    await again.open(confirmUrl)
    expect(again.booking.view.step).toBe('confirm')
    expect(again.payment.session).toBeUndefined()
  })

  it("'Start again' gives the payment up: nothing to come back to", async () => {
    const tab = new MemoryStorage()
    const first = await onPayment(tab)
    first.payment.startAgain()
    const reloaded = page(tab)
    await reloaded.open(confirmUrl)
    expect(reloaded.payment.session).toBeUndefined()
    expect(reloaded.booking.view.step).toBe('confirm')
  })

  it("another course's confirm URL does not take this course's payment", async () => {
    const tab = new MemoryStorage()
    await onPayment(tab)
    const other = page(tab, {
      ListCourses: async () => E.right([{ category: { id: 'kc', name: 'Courses' }, courses: [{ id: 'k2', name: 'Four peels', category: 'kc', salePrice: 300, courseServices: [] }] }] as never),
    })
    await other.open({ ...confirmUrl, serviceId: 'k2' })
    expect(other.booking.view.step).toBe('confirm')
    expect(other.payment.session).toBeUndefined()
  })
})
