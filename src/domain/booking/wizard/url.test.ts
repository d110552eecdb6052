/** The wizard's URLs (spec section 2 'Routes' and 'Booking query parameters'; section 4 'Step flow'). */
import { describe, expect, it } from 'vitest'
import { isKeptTimeStepUrl, keptTimeStepOf, pathOf, placeOf, stateFromUrl, type HeldPlace, type UrlContext } from './url'
import { initialWizardState, stepOf, type WizardState } from './state'
import { ANN, at, BOB, CLINIC, COURSE, FACIAL, heldTwo, item, KEY, MASSAGE, OTHER_KEY, T1, T2 } from './fixtures.test-support'

const catalogue = [MASSAGE, FACIAL, COURSE]
const service = (id: string) => catalogue.find((s) => s.id === id)
const heldOf = (s: WizardState): HeldPlace | undefined =>
  s.hold?.status === 'held' ? { key: s.hold.key, expiresAt: s.hold.expiresAt, items: s.basket.map((i) => ({ serviceId: i.service.id, start: i.start as string, end: i.end as string, ...(i.staff ? { practitioner: i.staff } : {}) })) } : undefined
const context = (s: WizardState, keep = true): UrlContext => ({ service, held: heldOf(s), ...(keep ? { place: placeOf(s) } : {}) })

describe('pathOf', () => {
  it.each<[string, WizardState, string]>([
    ['location list', initialWizardState, '/'],
    ['service list', at('service'), `/step/${CLINIC}`],
    ['a change names its item', at('service', { basket: [item(MASSAGE)], activeIndex: 0 }), `/step/${CLINIC}?service=0`],
    ['staff', at('staff', { basket: [item(MASSAGE)] }), `/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}?service=0`],
    ['a service without a category', at('staff', { basket: [item({ id: 'x', defaultPrice: 1 })] }), `/step/${CLINIC}/all/x?service=0`],
    ['a held time', heldTwo(), `/step/${CLINIC}/${FACIAL.categoryId}/${FACIAL.id}?hold=${KEY.id}.${KEY.token}&service=1`],
    ['confirm', heldTwo({ step: 'confirm' }), `/step/${CLINIC}/${FACIAL.categoryId}/${FACIAL.id}/confirm?hold=${KEY.id}.${KEY.token}&service=1`],
    ['course purchase confirm', at('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }), `/step/${CLINIC}/${COURSE.categoryId}/${COURSE.id}/confirm?course=true&service=0`],
    ['course session', at('staff', { mode: { kind: 'courseSession' }, basket: [item(MASSAGE, { courseSession: true })] }), `/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}?course=true&courseServiceBooking=true&service=0`],
    ['reschedule', at('time', { mode: { kind: 'reschedule', appointmentId: 'a', linked: true, sources: [] }, basket: [item(MASSAGE, { staff: ANN })] }), `/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}?reschedule=1&service=0`],
    ['gift voucher', at('confirm', { mode: { kind: 'giftVoucher', vouchers: [{ value: 50 }] }, view: 'giftVoucher' }), `/step/${CLINIC}/confirm`],
  ])('%s', (_name, state, path) => {
    expect(pathOf(state)).toBe(path)
  })
})

describe('stateFromUrl', () => {
  it('gives a held time on confirm back, with the place kept', () => {
    const state = heldTwo({ step: 'confirm' })
    expect(stateFromUrl(pathOf(state), context(state))).toEqual(state)
  })

  it('gives the held time back from the server when storage kept nothing', () => {
    const state = heldTwo({ step: 'confirm' })
    const restored = stateFromUrl(pathOf(state), context(state, false))
    expect(stepOf(restored)).toBe('confirm')
    expect(restored.hold).toEqual(state.hold)
    expect(restored.basket.map((i) => [i.service.id, i.staff?.id, i.start])).toEqual([[MASSAGE.id, ANN.id, T1.start], [FACIAL.id, BOB.id, T2.start]])
  })

  it('a hold the server no longer has: Out of time on the time step', () => {
    const state = heldTwo({ step: 'confirm' })
    const restored = stateFromUrl(pathOf(state), { service, place: placeOf(state) })
    expect(restored).toMatchObject({ step: 'time', dialog: { kind: 'outOfTime' } })
    expect(restored.hold).toBeUndefined()
    expect(restored.basket.every((i) => i.start === undefined)).toBe(true)
  })

  it('another hold than the URL names is not this one', () => {
    const state = heldTwo()
    const held = heldOf(state)
    const restored = stateFromUrl(pathOf(state), { service, held: held && { ...held, key: OTHER_KEY } })
    expect(restored.hold).toBeUndefined()
    expect(restored.dialog).toEqual({ kind: 'outOfTime' })
  })

  it('a service URL alone: its staff step (spec: with a service id, staff)', () => {
    expect(stateFromUrl(`/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}`, { service })).toEqual(at('staff', { basket: [item(MASSAGE)] }))
  })

  it('a course purchase URL alone: confirm (spec: or confirm for course purchases)', () => {
    const restored = stateFromUrl(`/step/${CLINIC}/${COURSE.categoryId}/${COURSE.id}/confirm?course=true`, { service })
    expect(restored).toMatchObject({ step: 'confirm', mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE }] })
  })

  it('a confirm URL whose time is not held: the staff step', () => {
    expect(stepOf(stateFromUrl(`/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}/confirm`, { service }))).toBe('staff')
  })

  it('a location or category URL: the service list; none: the location list', () => {
    expect(stepOf(stateFromUrl(`/step/${CLINIC}`, { service }))).toBe('service')
    expect(stepOf(stateFromUrl('/step/location', { service }))).toBe('location')
    expect(stepOf(stateFromUrl('/', { service }))).toBe('location')
  })

  it('a reschedule URL without its place does not turn into a new booking', () => {
    expect(stateFromUrl(`/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}?reschedule=1&service=0`, { service })).toEqual(at('service'))
  })

  it('a kept place for another URL (browser history) does not count', () => {
    const state = heldTwo({ step: 'confirm' })
    const restored = stateFromUrl(`/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}?service=0`, { service, place: placeOf(state) })
    expect(restored).toEqual(at('staff', { basket: [item(MASSAGE)] }))
  })
})

describe('the URL of the modes the view model kept as flags', () => {
  it('keeps a course session\'s flags in its reschedule', () => {
    const state = at('time', { mode: { kind: 'reschedule', appointmentId: 'a', linked: true, sources: [], courseSession: true }, basket: [item(MASSAGE, { staff: ANN })] })
    expect(pathOf(state)).toBe(`/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}?course=true&courseServiceBooking=true&reschedule=1&service=0`)
  })

  it('back from the service list is the location list at /', () => {
    expect(pathOf(at('location', { basket: [item(MASSAGE, { staff: ANN })] }))).toBe('/')
  })

  it('keeps no restoring flag beside the URL', () => {
    expect(placeOf(at('staff', { restoring: true }))).toEqual(placeOf(at('staff')))
  })
})

describe('keptTimeStepOf: the time step a reload cannot read from its URL (no time picked yet)', () => {
  const timeStep = (extra: Partial<WizardState> = {}) => at('time', { basket: [item(MASSAGE, { staff: ANN }), item(FACIAL, { anyStaff: true })], activeIndex: 1, date: '2026-12-02', ...extra })
  it.each<[string, WizardState, boolean]>([
    ['the time step, practitioners chosen, a day picked', timeStep(), true],
    ['the time step, no day picked yet', timeStep({ date: undefined }), true],
    ['a course session', timeStep({ mode: { kind: 'courseSession' } }), true],
    ['the staff step', timeStep({ step: 'staff' }), false],
    ['a practitioner not chosen yet', timeStep({ basket: [item(MASSAGE)] }), false],
    ['a time picked, its hold on its way', timeStep({ basket: [item(MASSAGE, { staff: ANN, ...T1 })], activeIndex: 0, hold: { status: 'pending' } }), false],
    ['a time held (the URL names it)', heldTwo(), false],
    ['a reschedule (rebuilt from its appointment)', timeStep({ mode: { kind: 'reschedule', appointmentId: 'a', linked: false, sources: [] } }), false],
    ['no clinic', { ...timeStep(), locationId: undefined }, false],
  ])('%s: %s', (_name, state, kept) => {
    expect(keptTimeStepOf(state) !== undefined).toBe(kept)
  })

  it("keeps the basket without 'Any practitioner''s choice and the day, and belongs to its own URL only", () => {
    const place = keptTimeStepOf(timeStep({ basket: [item(MASSAGE, { staff: ANN }), item(FACIAL, { anyStaff: true, staff: BOB })] }))!
    expect(place.basket).toEqual([item(MASSAGE, { staff: ANN }), item(FACIAL, { anyStaff: true })])
    expect(place.date).toBe('2026-12-02')
    const route = { locationId: CLINIC, serviceId: FACIAL.id, categoryId: FACIAL.categoryId, confirm: false, query: { service: '1' } }
    expect(isKeptTimeStepUrl(place, route)).toBe(true)
    expect(isKeptTimeStepUrl(place, { ...route, query: { service: '0' } })).toBe(false)
    expect(isKeptTimeStepUrl(place, { ...route, serviceId: MASSAGE.id })).toBe(false)
    expect(isKeptTimeStepUrl(place, { ...route, locationId: 'elsewhere' })).toBe(false)
    expect(isKeptTimeStepUrl(place, { ...route, confirm: true })).toBe(false)
    expect(isKeptTimeStepUrl(place, { ...route, query: { service: '1', hold: `${KEY.id}.${KEY.token}` } })).toBe(false)
    expect(isKeptTimeStepUrl(place, { ...route, query: { service: '1', reschedule: '1' } })).toBe(false)
  })
})
