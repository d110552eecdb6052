import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import {
  appointmentActions,
  type CancellationSettings,
  CONFIRM_CANCELLATION_MESSAGE,
  DEFAULT_LATE_CANCELLATION_TEMPLATE,
  guardCancel,
  guardReschedule,
  lateCancellationFee,
  lateCancellationTerms,
  lateChangeWarning,
  type PolicyAppointment,
  type PolicyRefusal,
  policyRefusalMessage,
} from './cancellation'

const now = new Date('2026-05-01T10:00:00Z')
const hoursFromNow = (h: number) => new Date(now.getTime() + h * 3_600_000)
const appt = (extra: Partial<PolicyAppointment> = {}): PolicyAppointment => ({ start: hoursFromNow(72), status: 'Scheduled', ...extra })

describe('lateChangeWarning', () => {
  it('uses the defaults: 48 hours, pound sign, 0.00', () => {
    expect(lateChangeWarning()).toBe(
      'Changes to this appointment are within 48 hours which will result in a £0.00 charge to your card or, in the case of a treatment that is part of a course, forfeiting the treatment. Are you sure you want to continue?',
    )
  })

  it.each([
    [{ lateCancellationPeriod: 24, lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 1234.5 }, 0, 'within 24 hours', '£1,234.50 charge'],
    [{ lateCancellationChargeType: 'PERCENTAGE', lateCancellationChargeValue: 50, currency: 'USD' }, 80, 'within 48 hours', '$40.00 charge'],
    [{ lateCancellationChargeType: 'NONE', lateCancellationChargeValue: 30 }, 80, 'within 48 hours', '£0.00 charge'],
    [{ lateCancellationChargeType: 'percentage', lateCancellationChargeValue: 10, currency: 'AUD' }, 33.33, 'within 48 hours', 'A$3.33 charge'],
  ] as [CancellationSettings, number, string, string][])('%o price %s', (settings, price, hours, fee) => {
    const text = lateChangeWarning(settings, price)
    expect(text).toContain(hours)
    expect(text).toContain(`a ${fee} to your card`)
  })
})

describe('lateCancellationFee', () => {
  it.each([
    [{}, 100, 0],
    [{ lateCancellationChargeValue: 15 }, 100, 15],
    [{ lateCancellationChargeType: 'PERCENTAGE', lateCancellationChargeValue: 25 }, 90, 22.5],
    [{ lateCancellationChargeType: 'PERCENTAGE', lateCancellationChargeValue: 25 }, -10, 0],
    [{ lateCancellationChargeType: 'other', lateCancellationChargeValue: 7 }, 90, 7],
    [{ lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: -7 }, 90, 0],
  ] as [CancellationSettings, number, number][])('%o on %s = %s', (settings, price, fee) => {
    expect(lateCancellationFee(settings, price)).toBe(fee)
  })
})

describe('lateCancellationTerms', () => {
  it('fills every merge tag', () => {
    const template = 'Type {LateCancellationType}, value {LateCancellationValue}, within {LateCancellationPeriod}h. Again {LateCancellationPeriod}.'
    expect(lateCancellationTerms(template, { lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 20, lateCancellationPeriod: 24 })).toBe(
      'Type fixed amount, value £20.00, within 24h. Again 24.',
    )
    expect(lateCancellationTerms(template, { lateCancellationChargeType: 'PERCENTAGE', lateCancellationChargeValue: 50 })).toBe(
      'Type percentage, value 50%, within 48h. Again 48.',
    )
    expect(lateCancellationTerms(template, { lateCancellationChargeType: 'NONE', lateCancellationChargeValue: 5, currency: 'EUR' })).toBe(
      'Type none, value €0.00, within 48h. Again 48.',
    )
  })

  it.each([null, undefined, '', '   '])('uses the default template when none is set (%j)', (template) => {
    const text = lateCancellationTerms(template, {})
    expect(text).toBe(DEFAULT_LATE_CANCELLATION_TEMPLATE.replace('{LateCancellationPeriod}', '48').replace('{LateCancellationType}', 'fixed amount').replace('{LateCancellationValue}', '£0.00'))
    expect(text).not.toMatch(/\{/)
  })
})

describe('appointmentActions', () => {
  const other: CancellationSettings = { cancellationRules: 'other' }
  it.each([
    ['past', appt({ start: hoursFromNow(-1) }), {}, 'hidden', 'AppointmentInPast'],
    ['starting now', appt({ start: now }), {}, 'hidden', 'AppointmentInPast'],
    ['do-not-allow', appt(), { cancellationRules: 'do-not-allow' }, 'hidden', 'CancellationNotAllowed'],
    ['checked in', appt({ checkedIn: true }), {}, 'hidden', 'AppointmentCheckedIn'],
    ['pending', appt({ status: 'Pending' }), {}, 'hidden', 'AppointmentNotScheduled'],
    ['cancelled', appt({ status: 'cancelled' }), {}, 'hidden', 'AppointmentNotScheduled'],
    ['allow within late period', appt({ start: hoursFromNow(47) }), { cancellationRules: 'allow' }, 'disabled', 'WithinLateCancellationPeriod'],
    ['default rule is allow', appt({ start: hoursFromNow(47) }), {}, 'disabled', 'WithinLateCancellationPeriod'],
    ['custom period', appt({ start: hoursFromNow(47) }), { lateCancellationPeriod: 24 }, 'menu', undefined],
    ['exactly at the period', appt({ start: hoursFromNow(48) }), {}, 'menu', undefined],
    ['zero period never late', appt({ start: hoursFromNow(1) }), { lateCancellationPeriod: 0 }, 'menu', undefined],
    ['other rule within period', appt({ start: hoursFromNow(2) }), other, 'menu', undefined],
  ] as [string, PolicyAppointment, CancellationSettings, string, string | undefined][])('%s', (_name, a, settings, kind, reason) => {
    const view = appointmentActions(a, now, settings)
    expect(view.kind).toBe(kind)
    if (view.kind !== 'menu') expect(view.reason).toBe(reason)
  })

  it('menu: plain confirmation when not late', () => {
    const view = appointmentActions(appt(), now, { showCancelTerms: true })
    expect(view).toEqual({
      kind: 'menu',
      actions: ['cancel', 'reschedule'],
      isLate: false,
      cancelConfirmation: { title: 'Confirm cancellation', message: CONFIRM_CANCELLATION_MESSAGE },
      rescheduleConfirmation: null,
    })
  })

  it('menu: late warning with terms when terms are shown and within the period', () => {
    const settings: CancellationSettings = { ...other, showCancelTerms: true, lateCancellationText: 'Within {LateCancellationPeriod} hours', lateCancellationChargeValue: 10 }
    const view = appointmentActions(appt({ start: hoursFromNow(5), price: 60 }), now, settings)
    expect(view.kind === 'menu' && view.cancelConfirmation).toEqual({ title: 'Late cancellation', message: 'Within 48 hours' })
    expect(view.kind === 'menu' && view.rescheduleConfirmation).toEqual({ title: 'Late appointment change', message: lateChangeWarning(settings, 60) })
    expect(view.kind === 'menu' && view.isLate).toBe(true)
  })

  it('menu: late without terms shown asks the plain confirmation', () => {
    const view = appointmentActions(appt({ start: hoursFromNow(5) }), now, { ...other, showCancelTerms: false })
    expect(view.kind === 'menu' && view.cancelConfirmation.title).toBe('Confirm cancellation')
    expect(view.kind === 'menu' && view.rescheduleConfirmation).toBeNull()
  })

  it('linked appointments cannot be rescheduled', () => {
    const view = appointmentActions(appt({ isLinked: true, start: hoursFromNow(5) }), now, { ...other, showCancelTerms: true })
    expect(view.kind === 'menu' && view.actions).toEqual(['cancel'])
    expect(view.kind === 'menu' && view.rescheduleConfirmation).toBeNull()
  })

  it('an appointment with linked ones may be rescheduled', () => {
    const view = appointmentActions(appt({ linkedAppointments: [{}] }), now, {})
    expect(view.kind === 'menu' && view.actions).toEqual(['cancel', 'reschedule'])
  })
})

describe('guards', () => {
  it.each([
    [appt({ start: hoursFromNow(-2) }), {}, { _tag: 'AppointmentInPast' }],
    [appt(), { cancellationRules: 'do-not-allow' }, { _tag: 'CancellationNotAllowed' }],
    [appt({ checkedIn: true }), {}, { _tag: 'AppointmentCheckedIn' }],
    [appt({ status: 'Completed' }), {}, { _tag: 'AppointmentNotScheduled' }],
    [appt({ start: hoursFromNow(3) }), { lateCancellationPeriod: 12 }, { _tag: 'WithinLateCancellationPeriod', hours: 12 }],
  ] as [PolicyAppointment, CancellationSettings, PolicyRefusal][])('refuses %#', (a, settings, refusal) => {
    expect(guardCancel(a, now, settings)).toEqual(E.left(refusal))
    expect(guardReschedule(a, now, settings)).toEqual(E.left(refusal))
  })

  it('allows a scheduled future appointment', () => {
    expect(guardCancel(appt(), now, {})).toEqual(E.right(true))
    expect(guardReschedule(appt(), now, {})).toEqual(E.right(true))
  })

  it('refuses to reschedule a linked appointment but allows cancelling it', () => {
    expect(guardCancel(appt({ isLinked: true }), now, {})).toEqual(E.right(true))
    expect(guardReschedule(appt({ isLinked: true }), now, {})).toEqual(E.left({ _tag: 'LinkedAppointmentCannotBeRescheduled' }))
  })

  it.each([
    [{ _tag: 'AppointmentInPast' }, 'past'],
    [{ _tag: 'CancellationNotAllowed' }, 'cannot be cancelled'],
    [{ _tag: 'AppointmentCheckedIn' }, 'checked in'],
    [{ _tag: 'AppointmentNotScheduled' }, 'not scheduled'],
    [{ _tag: 'WithinLateCancellationPeriod', hours: 48 }, 'within 48 hours'],
    [{ _tag: 'LinkedAppointmentCannotBeRescheduled' }, 'Linked'],
  ] as [PolicyRefusal, string][])('message for %o', (refusal, fragment) => {
    expect(policyRefusalMessage(refusal)).toContain(fragment)
  })

  it("refuses a checked-in appointment in the desk's words: one text on both sides", () => {
    expect(policyRefusalMessage({ _tag: 'AppointmentCheckedIn' })).toBe('This appointment is checked in and cannot be changed.')
  })
})
