import { describe, expect, it } from 'vitest'
import { TEXT } from '../errors'
import * as E from 'fp-ts/Either'
import { fake, httpFail, id, ok, unreachable } from './fakes.test-support'
import type { CatalogueApi } from '../ports/catalogue.port'
import type { CardsApi } from '../ports/cards.port'
import type { PaymentsApi } from '../ports/payments.port'
import type { AppointmentsApi } from '../ports/appointments.port'
import type { Invoice } from '../../contract/invoices.codecs'
import { ListCountries, ListCourses, SelectLocation } from './catalogue.use-case'
import { ListCards, StartCardSetup } from './cards.use-case'
import { GetInvoice, GetOpenPaymentSecret, GetOpenPurchase } from './payments.use-case'
import { GetAppointment, RescheduleAppointment } from './appointments.use-case'
import { InMemoryBookingStore } from '../../adapters/storage/in-memory.adapter'
import type { SlotHoldsApi } from '../ports/slot-holds.port'
import { ReleaseHeldTime } from './slot-holds.use-case'
import { MemoryLogger } from '../../adapters/logging/console-logger.adapter'

describe('small use cases', () => {
  it("ReleaseHeldTime tells a release that may not have reached the server (to send again) from the server's no", async () => {
    const holds = fake<SlotHoldsApi>().on('release', [ok({}), unreachable(), httpFail(503), httpFail(404), httpFail(409)])
    const release = new ReleaseHeldTime(holds.port, new MemoryLogger())
    const key = { id: id(1), token: 't' }
    const outcomes = []
    for (let i = 0; i < 5; i++) outcomes.push(await release.execute(key))
    expect(outcomes).toEqual(['released', 'unreachable', 'unreachable', 'refused', 'refused'].map((o) => E.right(o)))
  })

  it('ListCourses asks for the online courses including empty categories', async () => {
    const catalogue = fake<CatalogueApi>().on('coursesByCategory', [ok([]), httpFail(500)])
    const list = new ListCourses(catalogue.port)
    expect(await list.execute(id(1))).toEqual(E.right([]))
    expect(catalogue.calls[0].args[0]).toEqual({ clinic: id(1), showOnline: true, includeEmpty: true })
    expect(await list.execute(id(1))).toEqual(E.left({ _tag: 'Refused', status: 500, message: 'Request failed with status 500' }))
  })

  it('ListCountries passes the clinic through', async () => {
    const catalogue = fake<CatalogueApi>().on('countries', [ok([{ value: 'GB', label: 'United Kingdom' }])])
    expect(await new ListCountries(catalogue.port).execute(id(1))).toEqual(E.right([{ value: 'GB', label: 'United Kingdom' }]))
    expect(catalogue.calls[0].args).toEqual([id(1)])
  })

  it('SelectLocation remembers the clinic', async () => {
    const store = new InMemoryBookingStore()
    await new SelectLocation(store).execute({ id: id(2), accountName: 'Leeds', address: { line1: '2 Park Row', city: 'Leeds' } })
    expect(store.get('lastClinicId')).toBe(id(2))
    expect(store.get('currentClinic')).toEqual({ id: id(2), accountName: 'Leeds', address: { line1: '2 Park Row', city: 'Leeds' } })
  })

  it('ListCards, StartCardSetup', async () => {
    const cards = fake<CardsApi>()
      .on('list', [ok([]), httpFail(401, 'Unauthorized')])
      .on('isConnected', [ok({ isConnected: true })])
      .on('createSetupIntent', [ok({ id: 'si', clientSecret: 's', status: 'processing' as const, setupUrl: 'http://x' })])
    const list = new ListCards(cards.port)
    expect(await list.execute(id(7))).toEqual(E.right([]))
    expect(await list.execute(id(7))).toEqual(E.left({ _tag: 'Refused', status: 401, message: 'Unauthorized' }))
    const started = await new StartCardSetup(cards.port).execute(id(7), true)
    expect(E.isRight(started) && started.right.setupUrl).toBe('http://x')
    expect(cards.calls.at(-1)?.args).toEqual([id(7), true])
  })

  it('GetInvoice, GetAppointment, RescheduleAppointment', async () => {
    const invoice = { id: id(20) } as Invoice
    const payments = fake<PaymentsApi>().on('invoice', [ok(invoice)])
    expect(await new GetInvoice(payments.port).execute(id(20))).toEqual(E.right(invoice))
    const appointments = fake<AppointmentsApi>().on('get', [httpFail(404, 'Appointment not found.')]).on('reschedule', [httpFail(500)])
    expect(await new GetAppointment(appointments.port).execute(id(10))).toEqual(E.left({ _tag: 'Refused', status: 404, message: 'Appointment not found.' }))
    const event = { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T09:30:00.000Z' }
    expect(await new RescheduleAppointment(appointments.port).execute(id(10), { event })).toEqual(
      E.left({ _tag: 'Refused', status: 500, message: 'Request failed with status 500' }),
    )
    expect(appointments.calls[1].args).toEqual([id(10), { appointment: { event } }])
  })

  it.each([
    ['the invoice\'s open payment is this one: its secret', ok({ hasPaymentIntent: true, transactionId: 'pi_1', paymentUrl: '/pay/stripe/pi_1', clientSecret: 'pi_1_secret_a' }), E.right('pi_1_secret_a')],
    ['another payment is open: none (this one is not open)', ok({ hasPaymentIntent: true, transactionId: 'pi_2', paymentUrl: '/pay/stripe/pi_2', clientSecret: 'pi_2_secret_b' }), E.right(undefined)],
    ['no open payment (paid, ended): none', ok({ hasPaymentIntent: false }), E.right(undefined)],
    ['this one open without a secret (not Stripe): none', ok({ hasPaymentIntent: true, transactionId: 'pi_1', paymentUrl: '/sandbox/pay/pi_1' }), E.right(undefined)],
    ['the server not reached: the failure', unreachable(), E.left({ _tag: 'Unreachable', message: TEXT.unreachable, cause: 'Network Error' })],
  ])('GetOpenPaymentSecret: %s, asking only (POST has-payment-intent, no payment begun)', async (_name, answer, expected) => {
    const payments = fake<PaymentsApi>().on('hasPaymentIntent', [answer])
    expect(await new GetOpenPaymentSecret(payments.port).execute(id(20), 'pi_1')).toEqual(expected)
    expect(payments.calls).toEqual([{ method: 'hasPaymentIntent', args: [id(20)] }])
  })

  it.each([
    ['the invoice\'s open payment is this one (Stripe): the invoice and its secret', ok({ hasPaymentIntent: true, transactionId: 'pi_1', paymentUrl: '/pay/stripe/pi_1', clientSecret: 'pi_1_secret_a' }), true, E.right({ invoice: { id: id(20) }, clientSecret: 'pi_1_secret_a' })],
    ['this one open without a secret (the sandbox): the invoice', ok({ hasPaymentIntent: true, transactionId: 'pi_1', paymentUrl: '/sandbox/pay/pi_1' }), true, E.right({ invoice: { id: id(20) } })],
    ['another payment is open: none', ok({ hasPaymentIntent: true, transactionId: 'pi_2', paymentUrl: '/pay/stripe/pi_2' }), false, E.right(undefined)],
    ['no open payment (paid, ended): none', ok({ hasPaymentIntent: false }), false, E.right(undefined)],
    ['the server not reached: the failure', unreachable(), false, E.left({ _tag: 'Unreachable', message: TEXT.unreachable, cause: 'Network Error' })],
  ])('GetOpenPurchase: %s, asking only (no payment begun)', async (_name, answer, readsInvoice, expected) => {
    const payments = fake<PaymentsApi>().on('hasPaymentIntent', [answer]).on('invoice', [ok({ id: id(20) } as Invoice)])
    expect(await new GetOpenPurchase(payments.port).execute(id(20), 'pi_1')).toEqual(expected)
    expect(payments.calls.map((c) => c.method)).toEqual(readsInvoice ? ['hasPaymentIntent', 'invoice'] : ['hasPaymentIntent'])
  })
})
