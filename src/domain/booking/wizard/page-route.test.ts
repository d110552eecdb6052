/** A URL arriving in the running wizard as one move (urlArrived): state, URL, expected step and effects. */
import { describe, expect, it } from 'vitest'
import { pageMove } from './page-moves'
import type { WizardPage, WizardRoute } from './page'
import { holdParam } from '../hold'
import { ANN, at, CLINIC, COURSE, KEY, MASSAGE, OTHER_KEY, T1, item } from './fixtures.test-support'
import type { BookingStep } from '../steps'

const clinic = { id: CLINIC }
const page = (step: BookingStep, extra: Partial<WizardPage> = {}): WizardPage => ({ ...at(step), location: clinic, query: {}, ...extra })
const serviceUrl = (query: WizardRoute['query'] = {}, confirm = false): WizardRoute => ({ locationId: CLINIC, categoryId: MASSAGE.categoryId, serviceId: MASSAGE.id, confirm, query: { service: '0', ...query } })
const listUrl: WizardRoute = { locationId: CLINIC, query: {} }
const hold = { status: 'held' as const, key: KEY, expiresAt: 5_000 }
const chosen = { basket: [item(MASSAGE)] }
const withStaff = { basket: [item(MASSAGE, { staff: ANN })] }
const timed = { basket: [item(MASSAGE, { staff: ANN, ...T1 })], date: '2026-12-02' }
const held = { ...timed, hold }

type Row = [name: string, state: WizardPage, route: WizardRoute, step: BookingStep, timeKept: boolean, effects: string[]]

describe('a URL arrives (reload, back, forward, a click): one move', () => {
  it.each<Row>([
    ['the list URL on the service step', page('service'), listUrl, 'service', false, []],
    ['a service URL after choosing it: staff', page('service', chosen), serviceUrl(), 'staff', false, ['releaseLogin']],
    ['the service URL again on the time step stays on time', page('time', withStaff), serviceUrl(), 'time', false, []],
    ['a confirm URL with a time held: confirm', page('time', held), serviceUrl({ hold: holdParam(KEY) }, true), 'confirm', true, []],
    ['the payment step keeps its confirm URL', page('payment', held), serviceUrl({ hold: holdParam(KEY) }, true), 'payment', true, []],
    ['a confirm URL without a time (stale, shared): staff', page('service', chosen), serviceUrl({}, true), 'staff', false, ['releaseLogin']],
    ['a confirm URL without a service nor a time: the list', page('service'), { ...listUrl, confirm: true }, 'service', false, []],
    ['browser back from confirm: the times of the day, the hold released', page('confirm', held), serviceUrl({ hold: holdParam(KEY) }), 'time', false, ['releaseLogin', 'stopTimer', 'go']],
    ['browser back from payment: the times of the day', page('payment', held), serviceUrl({ hold: holdParam(KEY) }), 'time', false, ['releaseLogin', 'stopTimer', 'go']],
    ['browser back from time to the list: the time released', page('time', held), { ...listUrl, query: { hold: holdParam(KEY) } }, 'service', false, ['releaseLogin', 'stopTimer', 'go']],
    ['a reload of the time step naming the hold held: time', page('staff', held), serviceUrl({ hold: holdParam(KEY) }), 'time', true, ['releaseLogin']],
    ['a URL naming another hold than the one held: staff, nothing released', page('staff', held), serviceUrl({ hold: holdParam(OTHER_KEY) }), 'staff', true, []],
    ['a course purchase URL: confirm', page('service', { basket: [{ kind: 'course', service: COURSE, anyStaff: false }], mode: { kind: 'coursePurchase' } }), { locationId: CLINIC, serviceId: COURSE.id, confirm: true, query: { course: 'true' } }, 'confirm', false, []],
    ['a linked reschedule URL: time', page('service', { ...withStaff, mode: { kind: 'reschedule', appointmentId: 'a', linked: true, sources: [] } }), serviceUrl({ reschedule: '1' }), 'time', false, ['releaseLogin']],
    ['the location URL from the list', page('service'), { query: {} }, 'location', false, ['releaseLogin']],
  ])('%s', (_name, state, route, step, timeKept, effects) => {
    const { state: next, effects: done } = pageMove(state, { type: 'urlArrived', route })
    expect(next.step).toBe(step)
    // A hold released leaves the URL kept (see below); the rest of it is the URL's.
    expect(next.route).toEqual(done.some((e) => e.kind === 'go') ? { ...route, query: { ...route.query, hold: undefined } } : route)
    expect(next.query).toEqual(route.query)
    expect(next.basket.every((i) => i.start !== undefined) && next.hold !== undefined).toBe(timeKept)
    expect(done.map((e) => e.kind)).toEqual(effects)
  })

  it('a released hold leaves the URL: the same URL without it replaces it', () => {
    const route = serviceUrl({ hold: holdParam(KEY) })
    const { state, effects } = pageMove(page('confirm', held), { type: 'urlArrived', route })
    expect(effects).toContainEqual({ kind: 'go', path: `/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}?service=0`, replace: true })
    expect(state.route?.query.hold).toBeUndefined()
  })

  it('the query sets the view lock, the course link and the active item', () => {
    const { state } = pageMove(page('service', { basket: [item(MASSAGE), item(MASSAGE)] }), { type: 'urlArrived', route: { ...listUrl, query: { view: 'courses', service: '1', courseServiceBooking: 'true' } } })
    expect(state).toMatchObject({ viewFromQuery: 'courses', view: 'courses', activeIndex: 1, mode: { kind: 'courseSession' } })
  })

  it('the URL last routed again (after the catalogue answered) is the same move; a page left has none', () => {
    const routed = pageMove(page('service', chosen), { type: 'urlArrived', route: serviceUrl() }).state
    expect(pageMove({ ...routed, step: 'service' }, { type: 'urlRederived' }).state.step).toBe('staff')
    const left = pageMove(routed, { type: 'urlLeft' }).state
    expect(left.route).toBeUndefined()
    expect(pageMove({ ...left, step: 'service' }, { type: 'urlRederived' }).state.step).toBe('service')
  })
})
