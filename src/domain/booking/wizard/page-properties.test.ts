/**
 * Property tests (fast-check) of the booking page's moves over random sequences of the customer's
 * actions, with every URL a move asks for arriving back as the browser would route it (urlArrived):
 * a course purchase is never mixed with services, confirm and payment always show a chosen time (or
 * 'Out of time' over it), and a URL names a hold only while the wizard holds that time.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pageMove, type PageEvent } from './page-moves'
import { initialWizardState } from './state'
import type { WizardPage, WizardRoute } from './page'
import { holdParam } from '../hold'
import { ANN, CLINIC, COURSE, FACIAL, KEY, MASSAGE, T1, T2 } from './fixtures.test-support'

const clinic = { id: CLINIC }
const start: WizardPage = { ...initialWizardState, query: {} }

/** The route a step URL stands for, as the step page reads it. */
function routeOf(path: string): WizardRoute {
  const url = new URL(path, 'http://wizard.invalid')
  const parts = url.pathname.split('/').filter((p) => p !== '')
  const confirm = parts[parts.length - 1] === 'confirm'
  const [, locationId, categoryId, serviceId] = confirm ? parts.slice(0, -1) : parts
  return { locationId, categoryId, serviceId, confirm, query: Object.fromEntries(url.searchParams.entries()) }
}

type Action = PageEvent | { type: 'pickTime' }

/** The way forward, most taken (a journey mostly moves on); every other action now and then. */
const forward = fc.constantFrom<Action>(
  { type: 'locationChosen', location: clinic, go: true },
  { type: 'serviceChosen', service: MASSAGE },
  { type: 'practitionerChosen', practitioner: ANN },
  { type: 'anotherServiceAnswered', yes: false },
  { type: 'dateChosen', date: '2026-12-02' },
  { type: 'pickTime' },
  { type: 'timeHeld', key: KEY, expiresAt: 9_000 },
  { type: 'book', target: '' },
  { type: 'paymentEntered' },
  { type: 'holdExpired' },
  { type: 'outOfTimeDismissed' },
)

const aside = fc.constantFrom<Action>(
  { type: 'locationChosen', location: clinic, go: true },
  { type: 'viewChosen', view: 'services' },
  { type: 'viewChosen', view: 'courses' },
  { type: 'serviceChosen', service: MASSAGE },
  { type: 'serviceChosen', service: FACIAL },
  { type: 'serviceChosen', service: COURSE },
  { type: 'courseRestored', course: COURSE },
  { type: 'anotherCourseAnswered', yes: true },
  { type: 'anotherCourseAnswered', yes: false },
  { type: 'practitionerChosen', practitioner: ANN },
  { type: 'practitionerChosen', practitioner: 'any' },
  { type: 'anotherServiceAnswered', yes: true },
  { type: 'anotherServiceAnswered', yes: false },
  { type: 'dateChosen', date: '2026-12-02' },
  { type: 'pickTime' },
  { type: 'timeHeld', key: KEY, expiresAt: 9_000 },
  { type: 'book', target: '' },
  { type: 'holdExpired' },
  { type: 'outOfTimeDismissed' },
  { type: 'back' },
  { type: 'removeAsked', index: 0 },
  { type: 'removeConfirmed' },
  { type: 'changeService', index: 0 },
  { type: 'changeStaff', index: 0 },
  { type: 'giftVoucherAdded', voucher: { value: 20 } },
  { type: 'giftVoucherRemoved' },
  { type: 'paymentEntered' },
  { type: 'bookingInfoCleared' },
)

/** Whether the page shows what the action taps at this point (a button of the step, a question asked). */
function offered(state: WizardPage, a: Action): boolean {
  switch (a.type) {
    case 'locationChosen': return state.step === 'location'
    case 'serviceChosen': return state.step === 'service' && state.dialog === undefined
    case 'practitionerChosen': return state.step === 'staff' && state.dialog === undefined
    case 'anotherServiceAnswered': return state.dialog?.kind === 'anotherService'
    case 'anotherCourseAnswered': return state.dialog?.kind === 'anotherCourse'
    case 'dateChosen': return state.step === 'time' && state.dialog === undefined
    case 'pickTime': return state.step === 'time' && state.date !== undefined && state.dialog === undefined
    case 'book': return state.step === 'time' && state.dialog === undefined
    case 'timeHeld': return state.hold?.status === 'pending'
    case 'outOfTimeDismissed': return state.dialog?.kind === 'outOfTime'
    case 'removeConfirmed': return state.dialog?.kind === 'remove'
    case 'paymentEntered': return state.step === 'confirm'
    // the hold's timer runs only while there is a hold
    case 'holdExpired': return state.hold !== undefined
    case 'bookingInfoCleared': return true
    // a question or 'Out of time' covers the page: nothing else can be tapped
    default: return state.dialog === undefined
  }
}

/** One action with what it asks of the page done at once: URLs routed back, a login granted. */
function act(state: WizardPage, a: Action): WizardPage {
  if (!offered(state, a)) return state
  const event: PageEvent =
    a.type === 'pickTime'
      ? { type: 'timeChosen', parts: state.basket.map((_, i) => (i === 0 ? T1 : T2)), expiresAt: 9_000 }
      : a.type === 'book'
        ? { type: 'book', target: `${state.route ? routeToPath(state.route) : '/'}/confirm` }
        : a
  let { state: next, effects } = pageMove(state, event)
  for (let i = 0; i < effects.length; i++) {
    const effect = effects[i]
    const answer =
      effect.kind === 'go' && effect.path.startsWith('/step/') ? pageMove(next, { type: 'urlArrived', route: routeOf(effect.path) })
      : effect.kind === 'requireLogin' ? pageMove(next, effect.then)
      : undefined
    if (answer) {
      next = answer.state
      effects = [...effects, ...answer.effects]
    }
  }
  return next
}

function routeToPath(route: WizardRoute): string {
  return `/step/${route.locationId ?? 'location'}${route.serviceId ? `/${route.categoryId ?? 'all'}/${route.serviceId}` : ''}`
}

describe('random journeys through the booking page', () => {
  const reached = new Set<string>()
  it('never mix a course purchase with services; confirm shows a time or Out of time; a URL names only the hold held', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof({ arbitrary: forward, weight: 8 }, { arbitrary: aside, weight: 1 }), { minLength: 60, maxLength: 150 }), (actions) => {
        let state = start
        for (const a of actions) {
          state = act(state, a)
          if (state.step === 'confirm' || state.step === 'payment') reached.add(state.step)
          const kinds = new Set(state.basket.map((i) => i.kind))
          expect(kinds.size).toBeLessThanOrEqual(1)
          if ((state.step === 'confirm' || state.step === 'payment') && state.mode.kind !== 'giftVoucher' && !kinds.has('course')) {
            expect(state.basket.every((i) => i.start !== undefined) || state.dialog?.kind === 'outOfTime').toBe(true)
          }
          const named = state.route?.query.hold
          if (named !== undefined && state.hold?.status === 'held') expect(named).toBe(holdParam(state.hold.key))
        }
      }),
      { numRuns: 300 },
    )
    // The journeys reach the steps the properties are about.
    expect([...reached].sort()).toEqual(['confirm', 'payment'])
  })
})
