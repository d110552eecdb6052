import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import type { JoinWaitlistBody, WaitlistEntry } from '../../contract/waitlist.codecs'
import { anna, chooseFacialAndMassage, clinicA, facial, refused, user, world } from './booking.test-support'
import { WAITLIST_FROM_ERROR, WAITLIST_PARTS_ERROR, WAITLIST_TO_ERROR, WaitlistJoinViewModel, waitlistFormErrors } from './waitlist-join.view-model'
import { givenBookingState } from './booking.test-support'

// The suite's clock: 2026-03-10 09:00 UTC (London: the same day).
const TODAY = '2026-03-10'

function setUp(answer: (body: JoinWaitlistBody) => Promise<E.Either<AppError, WaitlistEntry>> = async (body) => E.right({ id: 'e1', ...body } as unknown as WaitlistEntry)) {
  const w = world()
  const bodies: JoinWaitlistBody[] = []
  const vm = new WaitlistJoinViewModel({ execute: (body) => (bodies.push(body), answer(body)) }, w.booking, w.session, w.clock)
  return { w, vm, bodies }
}

function facialWithAnna(w: ReturnType<typeof world>): void {
  w.booking.setLocation(clinicA)
  w.booking.chooseService(facial, 'cat1')
  w.booking.choosePractitioner(anna)
  w.booking.answerAnotherService(false)
}

describe('waitlistFormErrors', () => {
  it.each([
    ['a range from today to 8 weeks ahead', { from: TODAY, to: '2026-05-05', parts: ['morning'] }, {}],
    ['one day', { from: '2026-03-12', to: '2026-03-12', parts: ['evening'] }, {}],
    ['from before today', { from: '2026-03-09', to: '2026-03-12', parts: ['morning'] }, { from: WAITLIST_FROM_ERROR }],
    ['to before from', { from: '2026-03-12', to: '2026-03-11', parts: ['morning'] }, { to: WAITLIST_TO_ERROR }],
    ['to past 8 weeks', { from: TODAY, to: '2026-05-06', parts: ['morning'] }, { to: WAITLIST_TO_ERROR }],
    ['an empty date', { from: '', to: '2026-03-12', parts: ['morning'] }, { from: WAITLIST_FROM_ERROR }],
    ['no part of the day', { from: TODAY, to: '2026-03-12', parts: [] }, { parts: WAITLIST_PARTS_ERROR }],
  ] as const)('%s', (_, form, errors) => {
    expect(waitlistFormErrors({ ...form, parts: [...form.parts] }, TODAY)).toEqual(errors)
  })
})

describe('WaitlistJoinViewModel', () => {
  it('signed out: the login modal first, then the form', () => {
    const { w, vm } = setUp()
    facialWithAnna(w)
    vm.start('2026-03-12')
    expect(w.session.loginModalOpen).toBe(true)
    expect(vm.open).toBe(false)
    w.session.signedIn(user)
    expect(vm.open).toBe(true)
  })

  it("signed in: the form at once, from the looked-at day for two weeks, the basket's practitioner, every part of the day", () => {
    const { w, vm } = setUp()
    w.session.signedIn(user)
    facialWithAnna(w)
    vm.start('2026-03-12')
    expect(vm.open).toBe(true)
    expect(vm.form).toEqual({ practitioner: anna.id, from: '2026-03-12', to: '2026-03-25', parts: ['morning', 'afternoon', 'evening'] })
    expect(vm.practitionerOptions).toEqual([{ value: anna.id, label: anna.displayName }, { value: 'any', label: 'Any practitioner' }])
    expect(vm.summary).toBe('Facial at Harley Street')
  })

  it('a day in the past starts today; a range never reaches past 8 weeks', () => {
    const { w, vm } = setUp()
    w.session.signedIn(user)
    facialWithAnna(w)
    vm.start('2026-03-01')
    expect(vm.form.from).toBe(TODAY)
    vm.close()
    vm.start('2026-05-01')
    expect(vm.form).toMatchObject({ from: '2026-05-01', to: '2026-05-05' })
  })

  it("sends the basket's services in order, 'any' as null, the parts in the day's order; the confirmation follows", async () => {
    const { w, vm, bodies } = setUp()
    w.session.signedIn(user)
    chooseFacialAndMassage(w.booking, 'any')
    vm.start()
    vm.setPractitioner('any')
    vm.setParts(['evening', 'morning'])
    vm.setTo('2026-03-11')
    await vm.submit()
    expect(bodies).toEqual([{ clinic: clinicA.id, services: ['s1', 's2'], practitioner: null, from: TODAY, to: '2026-03-11', parts: ['morning', 'evening'] }])
    expect(vm.joined?.id).toBe('e1')
  })

  it('an invalid form is not sent: its errors show; the server refusal shows in the dialog', async () => {
    const { w, vm, bodies } = setUp(async () => E.left(refused('You are already on the waitlist for these services here.')))
    w.session.signedIn(user)
    facialWithAnna(w)
    vm.start()
    expect(vm.errors).toEqual({})
    vm.setParts([])
    await vm.submit()
    expect(bodies).toEqual([])
    expect(vm.errors).toEqual({ parts: WAITLIST_PARTS_ERROR })
    vm.setParts(['afternoon'])
    await vm.submit()
    expect(bodies).toHaveLength(1)
    expect(vm.failure).toBe('You are already on the waitlist for these services here.')
    expect(vm.joined).toBeUndefined()
  })

  it('moving the first day past the last moves the last day with it', () => {
    const { w, vm } = setUp()
    w.session.signedIn(user)
    facialWithAnna(w)
    vm.start()
    vm.setFrom('2026-04-01')
    expect(vm.form.to).toBe('2026-04-01')
  })

  it('is not offered without a basket or in a reschedule', () => {
    const { w, vm } = setUp()
    expect(vm.available).toBe(false)
    vm.start()
    expect(w.session.loginModalOpen).toBe(false)
    facialWithAnna(w)
    expect(vm.available).toBe(true)
    givenBookingState(w.booking, { mode: { kind: 'reschedule', appointmentId: 'a0000000000000000000000b', linked: false, sources: [] } })
    expect(vm.available).toBe(false)
  })
})
