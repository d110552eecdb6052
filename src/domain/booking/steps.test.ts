import { describe, expect, it } from 'vitest'
import { goBack, nextStep, stepForRoute, stepFromUrl, stepPath, type RouteStep, type RouteStepInput, type StepUrlParams, timeSubStep, type BookingStep } from './steps'

describe('stepFromUrl', () => {
  it.each([
    [{}, 'location'],
    [{ locationId: 'location' }, 'location'],
    [{ locationId: 'location', categoryId: 'c1' }, 'service'],
    [{ locationId: 'l1' }, 'service'],
    [{ locationId: ' ' }, 'location'],
    [{ locationId: 'l1', categoryId: 'c1' }, 'service'],
    [{ locationId: 'l1', categoryId: 'c1', serviceId: 's1' }, 'staff'],
    [{ locationId: 'l1', categoryId: 'c1', serviceId: 's1', coursePurchase: true }, 'confirm'],
    [{ locationId: 'l1', categoryId: 'c1', serviceId: 's1', confirm: true }, 'confirm'],
    [{ confirm: true }, 'location'],
  ] as [StepUrlParams, BookingStep][])('%o -> %s', (params, step) => {
    expect(stepFromUrl(params)).toBe(step)
  })
})

describe('stepPath', () => {
  it.each([
    [{ locationId: 'c1' }, '/step/c1'],
    [{ locationId: 'c1', query: { view: 'courses', course: undefined } }, '/step/c1?view=courses'],
    [{ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } }, '/step/c1/cat1/s1?service=0'],
    [{ locationId: 'c1', serviceId: 's1', query: { service: '1', reschedule: '1' } }, '/step/c1/all/s1?service=1&reschedule=1'],
    [{ locationId: 'c1', categoryId: 'k', serviceId: 'k1', confirm: true, query: { course: 'true' } }, '/step/c1/k/k1/confirm?course=true'],
    [{ locationId: 'c1', confirm: true }, '/step/c1/confirm'],
    [{ locationId: 'location', query: { courseServiceBooking: 'true' } }, '/step/location?courseServiceBooking=true'],
  ])('%o is %s', (state, path) => {
    expect(stepPath(state)).toBe(path)
  })

  it('gives stepFromUrl its step back', () => {
    const parts = (path: string) => {
      const [, , locationId, categoryId, serviceId, last] = new URL(path, 'http://x').pathname.split('/')
      const confirm = [categoryId, serviceId, last].includes('confirm')
      return { locationId, categoryId: categoryId === 'confirm' ? undefined : categoryId, serviceId: serviceId === 'confirm' ? undefined : serviceId, confirm }
    }
    expect(stepFromUrl(parts(stepPath({ locationId: 'c1' })))).toBe('service')
    expect(stepFromUrl(parts(stepPath({ locationId: 'c1', categoryId: 'a', serviceId: 's' })))).toBe('staff')
    expect(stepFromUrl(parts(stepPath({ locationId: 'c1', categoryId: 'a', serviceId: 's', confirm: true })))).toBe('confirm')
    expect(stepFromUrl(parts(stepPath({ locationId: 'c1', confirm: true })))).toBe('confirm')
  })
})

describe('nextStep', () => {
  it.each([
    ['location', 'service'],
    ['confirm', 'payment'],
    ['payment', null],
  ] as [BookingStep, BookingStep | null][])('%s -> %s', (step, next) => {
    expect(nextStep(step)).toBe(next)
  })
})

describe('goBack', () => {
  const selection = { location: 'l1', services: ['s1'], staff: 'p1', time: '10:00' }
  it.each([
    ['time', { kind: 'step', step: 'staff', selection: { ...selection, time: null } }],
    ['staff', { kind: 'step', step: 'service', selection: { ...selection, staff: null } }],
    ['confirm', { kind: 'step', step: 'time', selection: { ...selection, confirm: null } }],
    ['payment', { kind: 'step', step: 'confirm', selection: { ...selection, payment: null } }],
    ['service', { kind: 'locationList', selection: { ...selection, services: null } }],
    ['location', { kind: 'locationList', selection: { ...selection, location: null } }],
  ] as [BookingStep, unknown][])('back from %s', (step, expected) => {
    expect(goBack(step, selection)).toEqual(expected)
  })
})

describe('timeSubStep', () => {
  it('starts with the date picker, then hours and minutes, back to the date when out of time', () => {
    expect(timeSubStep(false)).toBeNull()
    expect(timeSubStep(true)).toBe('TIME_HOURS_AND_MINUTES')
    expect(timeSubStep(true, true)).toBeNull()
  })
})

describe('stepForRoute', () => {
  const base = { locationId: 'l1', left: 'location', basketFilled: false, canConfirm: false, linkedReschedule: false } as const
  const service = { categoryId: 'c1', serviceId: 's1' }
  it.each([
    ['a service URL is the staff step', { ...base, ...service, left: 'service' }, { step: 'staff', clear: 'none' }],
    ['the time step keeps the service URL', { ...base, ...service, left: 'time', basketFilled: true }, { step: 'time', clear: 'none' }],
    ['browser back from confirm lands on the times', { ...base, ...service, left: 'confirm', basketFilled: true }, { step: 'time', clear: 'backFromConfirm' }],
    ['browser back from payment lands on the times', { ...base, ...service, left: 'payment', basketFilled: true }, { step: 'time', clear: 'backFromConfirm' }],
    ['back from confirm with an empty basket is the staff step, the time released', { ...base, ...service, left: 'confirm' }, { step: 'staff', clear: 'time' }],
    ['confirm with its choices held', { ...base, ...service, confirm: true, left: 'time', canConfirm: true }, { step: 'confirm', clear: 'none' }],
    ['payment keeps its confirm URL', { ...base, ...service, confirm: true, left: 'payment', canConfirm: true }, { step: 'payment', clear: 'none' }],
    ['a reloaded confirm URL with a service is the staff step', { ...base, ...service, confirm: true }, { step: 'staff', clear: 'none' }],
    ['a reloaded confirm URL without a service is the service step', { ...base, confirm: true }, { step: 'service', clear: 'none' }],
    ['a course purchase URL is confirm', { ...base, ...service, coursePurchase: true, canConfirm: true }, { step: 'confirm', clear: 'none' }],
    ['a linked reschedule stays on the time step', { ...base, ...service, left: 'location', linkedReschedule: true }, { step: 'time', clear: 'none' }],
    ['a reloaded service URL naming a held time is the time step', { ...base, ...service, left: 'location', basketFilled: true, canConfirm: true, timeHeld: true }, { step: 'time', clear: 'none' }],
    ['leaving time for the service list releases the time', { ...base, left: 'time', basketFilled: true }, { step: 'service', clear: 'time' }],
    ['leaving confirm for the service list releases the time', { ...base, left: 'confirm', basketFilled: true }, { step: 'service', clear: 'time' }],
    ['leaving staff for the service list keeps it', { ...base, left: 'staff', basketFilled: true }, { step: 'service', clear: 'none' }],
  ] as [string, RouteStepInput, RouteStep][])('%s', (_, input, expected) => {
    expect(stepForRoute(input)).toEqual(expected)
  })
})
