import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { anna, clinicA, facial, heldTime, paymentOf, slotHoldOf, world, type UseCaseFakes } from './booking.test-support'
import type { ChainSlot } from './views'
import { givenBookingState } from './booking.test-support'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'

const slot: ChainSlot = { startDate: '2026-03-12T10:00:00.000Z', endDate: '2026-03-12T11:00:00.000Z', practitioner: 'p1', valid: true }
const other: ChainSlot = { startDate: '2026-03-12T12:00:00.000Z', endDate: '2026-03-12T13:00:00.000Z', practitioner: 'p1', valid: true }
const KEY = { id: 'a0000000000000000000000a', token: 'secret-token-of-the-hold' }
const PARAM = `${KEY.id}.${KEY.token}`

function holdWorld(overrides: Partial<UseCaseFakes> = {}, tab?: MemoryStorage) {
  const w = world(overrides)
  w.booking.setLocation(clinicA)
  w.booking.chooseService(facial, 'cat1')
  w.booking.choosePractitioner(anna)
  w.booking.answerAnotherService(false)
  w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } })
  const payment = paymentOf(w, tab)
  return { ...w, payment, slotHold: slotHoldOf(w, payment, tab) }
}

describe('SlotHoldViewModel (issue 17)', () => {
  it('a picked time is held on the server at once: the countdown is the server\'s and the URL names the hold', async () => {
    const w = holdWorld({ HoldTime: async (body) => E.right({ ...heldTime(body.appointment.event.start, body.appointment.event.end), secondsLeft: 240 }) })
    expect(await w.slotHold.pick([slot])).toBe('held')
    expect(w.useCases.calls.HoldTime?.[0][0]).toMatchObject({ appointment: { event: { start: slot.startDate }, practitioner: 'p1', clinic: 'c1', service: 's1' }, replaces: null, seconds: 300 })
    expect(w.booking.view.held.key).toEqual(KEY)
    expect(w.booking.holdSecondsLeft).toBe(240)
    expect(w.navigator.replaced).toEqual([`/step/c1/cat1/s1?service=0&hold=${encodeURIComponent(PARAM).replace(/%2E/g, '.')}`])
    expect(w.booking.view.keptQuery.hold).toBe(PARAM)
  })

  it('another time replaces the hold in one call; clearing the time releases it', async () => {
    const w = holdWorld()
    await w.slotHold.pick([slot])
    await w.slotHold.pick([other])
    expect(w.useCases.calls.HoldTime?.[1][0]).toMatchObject({ replaces: KEY })
    expect(w.useCases.calls.ReleaseHeldTime ?? []).toHaveLength(0)
    w.booking.back()
    expect(w.booking.view.held.key).toBeUndefined()
    expect(w.useCases.calls.ReleaseHeldTime).toEqual([[KEY]])
  })

  it('a release that did not reach the server (the service down) is sent again before times are next asked', async () => {
    const outcomes: ('unreachable' | 'released')[] = ['unreachable', 'released']
    const w = holdWorld({ ReleaseHeldTime: async () => E.right(outcomes.shift()!) })
    await w.slotHold.pick([slot])
    w.booking.back()
    await w.slotHold.released()
    expect(w.useCases.calls.ReleaseHeldTime).toEqual([[KEY]])
    // The service back, the customer asks for the times again: the customer's own time is released first.
    await w.slotHold.released()
    expect(w.useCases.calls.ReleaseHeldTime).toEqual([[KEY], [KEY]])
    // Released: not sent a third time.
    expect(w.slotHold.released()).toBeUndefined()
    expect(w.useCases.calls.ReleaseHeldTime).toHaveLength(2)
  })

  it('a release the server refused (the hold ended or was booked) is not sent again', async () => {
    const w = holdWorld({ ReleaseHeldTime: async () => E.right('refused' as const) })
    await w.slotHold.pick([slot])
    w.booking.back()
    await w.slotHold.released()
    expect(w.slotHold.released()).toBeUndefined()
    expect(w.useCases.calls.ReleaseHeldTime).toEqual([[KEY]])
  })

  it('a time taken meanwhile: the server\'s words, and the time is chosen again', async () => {
    const w = holdWorld({ HoldTime: async () => E.left({ _tag: 'SlotTaken', status: 409, message: 'Sorry, this time is no longer available. Please choose another time.' }) })
    expect(await w.slotHold.pick([slot])).toBe('refused')
    expect(w.toasts.toasts.map((t) => t.text)).toEqual(['Sorry, this time is no longer available. Please choose another time.'])
    expect(w.booking.view.startTime).toBeUndefined()
    expect(w.booking.view.held.key).toBeUndefined()
  })

  it('an answer for a time no longer chosen releases what it held', async () => {
    let answer: () => void = () => undefined
    const w = holdWorld({ HoldTime: (body) => new Promise((resolve) => (answer = () => resolve(E.right(heldTime(body.appointment.event.start, body.appointment.event.end))))) })
    const picked = w.slotHold.pick([slot])
    w.booking.clearTime()
    answer()
    expect(await picked).toBe('other')
    expect(w.booking.view.held.key).toBeUndefined()
    expect(w.useCases.calls.ReleaseHeldTime).toEqual([[KEY]])
  })

  it('the same time picked again while its hold is on its way (a double tap on a slow network) is one hold, kept', async () => {
    const answers: (() => void)[] = []
    const w = holdWorld({ HoldTime: (body) => new Promise((resolve) => answers.push(() => resolve(E.right(heldTime(body.appointment.event.start, body.appointment.event.end))))) })
    const first = w.slotHold.pick([slot])
    const second = w.slotHold.pick([{ ...slot }])
    expect(w.useCases.calls.HoldTime).toHaveLength(1)
    answers.forEach((answer) => answer())
    expect(await first).toBe('held')
    expect(await second).toBe('held')
    expect(w.booking.view.startTime).toBe(slot.startDate)
    expect(w.booking.view.held.key).toEqual(KEY)
    expect(w.useCases.calls.ReleaseHeldTime ?? []).toHaveLength(0)
    expect(w.toasts.toasts).toEqual([])
    // Picked again once held: a fresh hold replacing it, as before.
    const third = w.slotHold.pick([slot])
    answers[1]?.()
    expect(await third).toBe('held')
    expect(w.useCases.calls.HoldTime?.[1][0]).toMatchObject({ replaces: KEY })
  })

  it('an account created from the login modal extends the hold once', async () => {
    const w = holdWorld()
    await w.slotHold.pick([slot])
    w.session.accountCreated()
    await Promise.resolve()
    await Promise.resolve()
    expect(w.useCases.calls.ExtendHeldTime).toEqual([[KEY]])
    await new Promise((r) => setTimeout(r, 0))
    expect(w.booking.holdSecondsLeft).toBe(600)
    w.session.accountCreated()
    expect(w.useCases.calls.ExtendHeldTime).toHaveLength(1)
  })

  it('a page left keeps the hold for a reload (a release with leaving); a reload restores times, practitioner and countdown', async () => {
    const w = holdWorld({ ReadHeldTime: async () => E.right({ ...heldTime(slot.startDate, slot.endDate), secondsLeft: 123 }) })
    await w.slotHold.pick([slot])
    w.slotHold.leave()
    expect(w.useCases.calls.ReleaseHeldTime).toEqual([[KEY, true]])

    const fresh = holdWorld({ ReadHeldTime: async () => E.right({ ...heldTime(slot.startDate, slot.endDate), secondsLeft: 123 }) })
    fresh.booking.clearBookingInfo()
    await fresh.slotHold.restore(PARAM, async () => facial, () => false)
    expect(fresh.booking.view.basket).toHaveLength(1)
    expect(fresh.booking.view.basket[0]).toMatchObject({ start: slot.startDate, end: slot.endDate, staff: { id: 'p1', displayName: 'Anna Smith' } })
    expect(fresh.booking.view.date).toBe('2026-03-12')
    expect(fresh.booking.view.timeStep).toBe('hours')
    expect(fresh.booking.view.held.key).toEqual(KEY)
    expect(fresh.booking.holdSecondsLeft).toBe(123)
  })

  it.each([
    { answer: { _tag: 'Refused', status: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' } as const, ended: false },
    { answer: { _tag: 'Refused', status: 404, message: 'The time is no longer held.' } as const, ended: true },
  ])('a page back from the back-forward cache whose hold reads back $answer.status: ended $ended', async ({ answer, ended }) => {
    const w = holdWorld({ ReadHeldTime: async () => E.left(answer) })
    await w.slotHold.pick([slot])
    await w.slotHold.resume()
    expect(w.booking.view.outOfTime).toBe(ended)
    expect(w.booking.view.held.key).toEqual(ended ? undefined : KEY)
  })

  it("a reload naming an ended hold shows 'Out of time' on the time step", async () => {
    const w = holdWorld()
    await w.slotHold.restore(PARAM, async () => facial, () => false)
    expect(w.booking.view.outOfTime).toBe(true)
    expect(w.booking.view.step).toBe('time')
  })

  it('a reload of the payment step of a held time comes back to its payment (the hold was booked: 409)', async () => {
    const w = holdWorld()
    await w.slotHold.pick([slot])
    // The payment of the booking made with the hold starts: it is kept for a reload.
    const payment = { kind: 'deposit' as const, paymentUrl: '/sandbox/pay/t1', transactionId: 't1', invoiceId: 'i1', appointmentId: 'a1' }
    w.payment.start(payment)
    expect(w.store.get('payingHold')).toMatchObject({ holdId: KEY.id, clinic: 'c1', items: [{ service: 's1', practitioner: 'p1', start: slot.startDate }], session: { transactionId: 't1' } })

    const fresh = world({ ReadHeldTime: async () => E.left({ _tag: 'Refused', status: 409, message: 'This time has been booked with the hold.' }) })
    fresh.store.set('payingHold', w.store.get('payingHold')!)
    fresh.booking.setLocation(clinicA)
    const reloaded = slotHoldOf(fresh)
    await reloaded.restore(PARAM, async () => facial, () => false)
    expect(fresh.booking.view.step).toBe('payment')
    expect(fresh.booking.view.basket[0]).toMatchObject({ start: slot.startDate, staff: { id: 'p1', displayName: 'Anna Smith' } })
    // The hold was claimed by the booking being paid: it is not read (no 409 in the console).
    expect(fresh.useCases.calls.ReadHeldTime ?? []).toHaveLength(0)
  })

  it("a reload of a card form's payment step (Stripe): the amount comes back with the hold's payment, the client secret from the tab only", async () => {
    const tab = new MemoryStorage()
    const w = holdWorld({}, tab)
    await w.slotHold.pick([slot])
    const stripe = { kind: 'deposit' as const, paymentUrl: '/pay/stripe/pi_1', transactionId: 'pi_1', invoiceId: 'i1', appointmentId: 'a1', amount: 20, clientSecret: 'pi_1_secret_abc' }
    w.payment.start(stripe)
    // localStorage (the booking store) keeps the amount, never the secret.
    expect(w.store.get('payingHold')?.session).toEqual({ paymentUrl: '/pay/stripe/pi_1', transactionId: 'pi_1', invoiceId: 'i1', appointmentId: 'a1', amount: 20 })

    const reload = (sessionStorage: MemoryStorage) => {
      const fresh = world({ ReadHeldTime: async () => E.left({ _tag: 'Refused', status: 409, message: 'This time has been booked with the hold.' }) })
      fresh.store.set('payingHold', w.store.get('payingHold')!)
      fresh.booking.setLocation(clinicA)
      const payment = paymentOf(fresh, sessionStorage)
      return { ...fresh, payment, slotHold: slotHoldOf(fresh, payment, sessionStorage) }
    }
    const same = reload(tab)
    await same.slotHold.restore(PARAM, async () => facial, () => false)
    expect(same.booking.view.step).toBe('payment')
    expect(same.payment.session).toMatchObject({ transactionId: 'pi_1', amount: 20, clientSecret: 'pi_1_secret_abc' })
    expect(same.payment.amounts?.dueNow).toBe(20)

    // Another tab (its own session storage) comes back to the payment without the secret.
    const other = reload(new MemoryStorage())
    await other.slotHold.restore(PARAM, async () => facial, () => false)
    expect(other.payment.session).toMatchObject({ transactionId: 'pi_1', amount: 20 })
    expect(other.payment.session?.clientSecret).toBeUndefined()
  })

  it('the reloaded URL arriving again while its hold is read back: the newer caller waits for it and the time comes back (issue 27)', async () => {
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const fresh = holdWorld({
      ReadHeldTime: async () => {
        await answered
        return E.right({ ...heldTime(slot.startDate, slot.endDate), secondsLeft: 200 })
      },
    })
    fresh.booking.clearBookingInfo()
    let firstStale = false
    const first = fresh.slotHold.restore(PARAM, async () => facial, () => firstStale)
    // The same URL again (a second route before the first answer): the first caller is stale now.
    firstStale = true
    const second = fresh.slotHold.restore(PARAM, async () => facial, () => false)
    answer()
    await Promise.all([first, second])
    expect(fresh.booking.view.basket[0]).toMatchObject({ start: slot.startDate, staff: { id: 'p1' } })
    expect(fresh.booking.view.held.key).toEqual(KEY)
    expect(fresh.useCases.calls.ReadHeldTime).toHaveLength(1)
  })

  it("a reload of a course session's held time keeps the session included in the course (issue 27)", async () => {
    const fresh = holdWorld({ ReadHeldTime: async () => E.right({ ...heldTime(slot.startDate, slot.endDate), secondsLeft: 200 }) })
    fresh.booking.clearBookingInfo()
    fresh.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { course: 'true', courseServiceBooking: 'true', service: '0' } })
    await fresh.slotHold.restore(PARAM, async () => facial, () => false)
    expect(fresh.booking.view.basket[0]).toMatchObject({ start: slot.startDate, courseSession: true })
    expect(fresh.booking.view.priceOf(fresh.booking.view.basket[0]!)).toBe(0)
  })

  it('a reschedule holds nothing (the server counts the booking\'s own time as the customer\'s)', async () => {
    const w = holdWorld()
    givenBookingState(w.booking, { mode: { kind: 'reschedule', appointmentId: 'a1', linked: false, sources: [] } })
    expect(await w.slotHold.pick([slot])).toBe('other')
    expect(w.useCases.calls.HoldTime ?? []).toHaveLength(0)
    expect(w.booking.view.startTime).toBe(slot.startDate)
  })
})
