/**
 * Property tests (fast-check) over random sequences of the customer's actions: a course purchase is
 * never mixed with services, the hold is never lost while the step shows it, and the URL (with the
 * place kept beside it) gives every reachable state back.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BOOKING_STEPS, stepIndex } from '../steps'
import { transition, type WizardEvent } from './transition'
import { clearTime } from './items'
import { initialWizardState, stepOf, timeChosen, type WizardState } from './state'
import { pathOf, placeOf, stateFromUrl, type HeldPlace } from './url'
import { ANN, BOB, CLINIC, COURSE, FACIAL, KEY, MASSAGE, OTHER_CLINIC, OTHER_KEY } from './fixtures.test-support'

const catalogue = [MASSAGE, FACIAL, COURSE]
const service = (id: string) => catalogue.find((s) => s.id === id)
const appointment = (s: typeof MASSAGE | typeof FACIAL, staff?: { id: string; grossPrice?: number }) => ({ service: s, ...(staff ? { staff } : {}), appointmentId: `a-${s.id}`, event: { start: '2026-11-30T10:00:00.000Z', end: '2026-11-30T11:00:00.000Z' } })

/** A chosen time fits whatever the basket holds then: it is built when the action is applied. */
type Action = WizardEvent | { type: 'pickTime'; any: boolean } | { type: 'moveOn'; variant: number }

/** The way forward, most taken (a journey mostly moves on); every other action now and then. */
const forward = fc.constantFrom<Action>(
  { type: 'chooseLocation', locationId: CLINIC },
  { type: 'chooseService', service: MASSAGE },
  { type: 'chooseService', service: FACIAL },
  { type: 'chooseService', service: COURSE },
  { type: 'choosePractitioner', practitioner: ANN },
  { type: 'choosePractitioner', practitioner: 'any' },
  { type: 'answerAnother', yes: false },
  { type: 'pickDate', date: '2026-12-02' },
  { type: 'pickTime', any: false },
  { type: 'pickTime', any: true },
  { type: 'held', key: KEY, expiresAt: 1_000 },
  { type: 'book', signedIn: true },
  { type: 'agree' },
  { type: 'confirmResult', outcome: 'paymentRequired' },
  { type: 'buyNow' },
)

const aside = fc.constantFrom<Action>(
  { type: 'chooseLocation', locationId: OTHER_CLINIC },
  { type: 'setView', view: 'services' },
  { type: 'setView', view: 'courses' },
  { type: 'setView', view: 'giftVoucher' },
  { type: 'choosePractitioner', practitioner: BOB },
  { type: 'answerAnother', yes: true },
  { type: 'addAnother' },
  { type: 'held', key: OTHER_KEY, expiresAt: 2_000 },
  { type: 'holdExpired' },
  { type: 'dismissOutOfTime' },
  { type: 'askRemove', index: 0 },
  { type: 'askRemove', index: 1 },
  { type: 'cancelRemove' },
  { type: 'confirmRemove' },
  { type: 'changeService', index: 0 },
  { type: 'changeService', index: 1 },
  { type: 'changeStaff', index: 0 },
  { type: 'changeStaff', index: 1 },
  { type: 'back' },
  { type: 'book', signedIn: false },
  { type: 'signedIn' },
  { type: 'addGiftVoucher', voucher: { value: 50 } },
  { type: 'removeGiftVoucher' },
  { type: 'confirmResult', outcome: 'booked' },
  { type: 'confirmResult', outcome: 'refused', message: 'That time has just been taken' },
  { type: 'paymentResult', paid: true },
  { type: 'paymentResult', paid: false, message: 'Your card was declined' },
  { type: 'startAgain' },
  { type: 'startCourseSession', courseContext: { courseId: 'cc', courseServices: [MASSAGE.id] } },
  { type: 'startReschedule', locationId: CLINIC, appointmentId: 'r1', linked: true, items: [appointment(MASSAGE, ANN), appointment(FACIAL, BOB)] },
  { type: 'startReschedule', locationId: CLINIC, appointmentId: 'r2', linked: false, items: [appointment(MASSAGE, ANN)] },
  { type: 'startBookAgain', locationId: CLINIC, items: [appointment(MASSAGE, ANN), appointment(FACIAL)] },
)

/** A customer moving on from wherever they are: what the step asks for next. */
const moveOn = fc.nat(5).map((variant): Action => ({ type: 'moveOn', variant }))

function nextAction(s: WizardState, variant: number): Action {
  const dialog = s.dialog?.kind
  if (dialog === 'anotherService' || dialog === 'anotherCourse') return { type: 'answerAnother', yes: variant === 0 }
  if (dialog === 'login') return { type: 'signedIn' }
  if (dialog === 'outOfTime') return { type: 'dismissOutOfTime' }
  if (dialog === 'remove') return { type: variant % 2 === 0 ? 'confirmRemove' : 'cancelRemove' }
  switch (stepOf(s)) {
    case 'location':
      return { type: 'chooseLocation', locationId: CLINIC }
    case 'service':
      if (s.mode.kind === 'coursePurchase' && variant > 2) return { type: 'buyNow' }
      return { type: 'chooseService', service: [MASSAGE, FACIAL, COURSE][variant % 3] }
    case 'staff':
      return { type: 'choosePractitioner', practitioner: variant % 2 === 0 ? ANN : 'any' }
    case 'time':
      if (s.date === undefined) return { type: 'pickDate', date: '2026-12-02' }
      if (s.hold === undefined) return { type: 'pickTime', any: variant % 2 === 0 }
      if (s.hold.status === 'pending') return { type: 'held', key: KEY, expiresAt: 1_000 }
      return { type: 'book', signedIn: variant !== 0 }
    case 'confirm':
      return s.submitting ? { type: 'confirmResult', outcome: 'paymentRequired' } : { type: 'agree' }
    case 'payment':
      return variant === 0 ? { type: 'paymentResult', paid: true } : { type: 'holdExpired' }
  }
}

const action: fc.Arbitrary<Action> = fc.oneof({ arbitrary: moveOn, weight: 4 }, { arbitrary: forward, weight: 1 }, { arbitrary: aside, weight: 1 })

function apply(state: WizardState, a: Action): WizardState {
  if (a.type === 'moveOn') return apply(state, nextAction(state, a.variant))
  if (a.type !== 'pickTime') return transition(state, a)
  const chain = state.basket.map((_, i) => ({ start: `2026-12-02T1${i}:00:00.000Z`, end: `2026-12-02T1${i}:45:00.000Z`, ...(a.any ? { practitioner: BOB } : {}) }))
  return transition(state, { type: 'chooseTime', chain })
}

/** Every state a sequence passes through. */
const journeys = fc.array(action, { minLength: 1, maxLength: 60, size: 'max' }).map((actions) => {
  const states: WizardState[] = [initialWizardState]
  for (const a of actions) states.push(apply(states[states.length - 1], a))
  return states
})

const RUNS = { numRuns: 400 }
const appointmentModes = ['newBooking', 'bookAgain', 'courseSession', 'reschedule']

const heldOf = (s: WizardState): HeldPlace | undefined =>
  s.hold?.status === 'held' ? { key: s.hold.key, expiresAt: s.hold.expiresAt, items: s.basket.map((i) => ({ serviceId: i.service.id, start: i.start as string, end: i.end as string, ...(i.staff ? { practitioner: i.staff } : {}) })) } : undefined

/** What a reload keeps: a refusal shown and an agree on its way are gone, a time not yet held is not held. */
function settled(s: WizardState): WizardState {
  const { message: _m, ...rest } = s
  const quiet = { ...rest, submitting: false }
  return s.hold?.status === 'pending' ? clearTime(quiet) : quiet
}

describe('the booking wizard over random journeys', () => {
  it('never mixes a course purchase with services, nor a gift voucher with either', () => {
    fc.assert(
      fc.property(journeys, (states) => {
        for (const s of states) {
          const courses = s.basket.filter((i) => i.kind === 'course').length
          expect(courses === 0 || courses === s.basket.length).toBe(true)
          expect(s.mode.kind === 'coursePurchase').toBe(courses > 0)
          if (s.mode.kind === 'giftVoucher') expect(s.basket).toEqual([])
        }
      }),
      RUNS,
    )
  })

  it('never loses the hold while the step shows the time', () => {
    fc.assert(
      fc.property(journeys, (states) => {
        for (const s of states) {
          // A chosen time and its hold come and go together.
          expect(s.hold !== undefined).toBe(timeChosen(s))
          const step = stepOf(s)
          if ((step === 'confirm' || step === 'payment') && appointmentModes.includes(s.mode.kind)) {
            expect(timeChosen(s)).toBe(true)
            expect(s.hold).toBeDefined()
          }
        }
      }),
      RUNS,
    )
  })

  it('gives every reachable state back from its URL and the place kept beside it', () => {
    fc.assert(
      fc.property(journeys, (states) => {
        for (const s of states) {
          expect(stateFromUrl(pathOf(s), { service, held: heldOf(s), place: placeOf(s) })).toEqual(settled(s))
        }
      }),
      RUNS,
    )
  })

  it('with storage blocked (no place kept), the URL alone is never ahead, and keeps the clinic and the held time', () => {
    fc.assert(
      fc.property(journeys, (states) => {
        for (const s of states) {
          const restored = stateFromUrl(pathOf(s), { service, held: heldOf(s) })
          expect(stepIndex(stepOf(restored))).toBeLessThanOrEqual(stepIndex(stepOf(s)))
          if (stepOf(s) !== 'location') expect(restored.locationId).toBe(s.locationId)
          if (s.hold?.status === 'held' && s.mode.kind !== 'reschedule') {
            expect(restored.hold).toEqual(s.hold)
            expect(restored.basket.map((i) => [i.service.id, i.start, i.staff?.id])).toEqual(s.basket.map((i) => [i.service.id, i.start, i.staff?.id]))
          }
        }
      }),
      RUNS,
    )
  })

  it('reaches every step', () => {
    const seen = new Set<string>()
    fc.assert(fc.property(journeys, (states) => void states.forEach((s) => seen.add(stepOf(s)))), RUNS)
    expect([...seen].sort()).toEqual([...BOOKING_STEPS].sort())
  })
})
