/** What the pages read of the wizard (viewOf), as tables. */
import { describe, expect, it } from 'vitest'
import { viewOf, CHOICE_HINTS } from './view'
import type { WizardPage } from './page'
import type { BookingStep } from '../steps'
import { ANN, at, BOB, CLINIC, COURSE, FACIAL, MASSAGE, item } from './fixtures.test-support'

const page = (step: BookingStep, extra: Partial<WizardPage> = {}): WizardPage => ({ ...at(step), location: { id: CLINIC }, query: {}, ...extra })

describe("the phone bar's hint while nothing is chosen (no total of £0.00 with no action)", () => {
  it.each<[string, WizardPage, string | undefined]>([
    ['the empty service list asks for a service', page('service'), CHOICE_HINTS.services],
    ['the empty course list asks for a course', page('service', { view: 'courses' }), CHOICE_HINTS.courses],
    ['the gift vouchers ask for one', page('service', { view: 'giftVoucher' }), CHOICE_HINTS.giftVoucher],
    ['a service chosen: its total instead', page('service', { basket: [item(MASSAGE)] }), undefined],
    ['a course chosen: its total instead', page('service', { view: 'courses', basket: [{ kind: 'course', service: COURSE, anyStaff: false }], mode: { kind: 'coursePurchase' } }), undefined],
    ['a gift voucher chosen: its total instead', page('service', { view: 'giftVoucher', mode: { kind: 'giftVoucher', vouchers: [{ value: 50, receiver: { name: 'A', email: 'a@example.com', message: '' } }] } }), undefined],
  ])('%s', (_name, state, hint) => {
    expect(viewOf(state).choiceHint).toBe(hint)
  })
})

describe("the summary's 'remove' and 'change': not once the booking is held for its payment", () => {
  const two = [item(MASSAGE, { staff: ANN }), item(FACIAL, { staff: BOB })]
  it.each<[string, WizardPage, boolean, boolean]>([
    ['confirm: both offered', page('confirm', { basket: two }), true, true],
    ['the payment step: neither (nothing can change while the booking is held)', page('payment', { basket: two }), false, false],
    ['a reschedule: change only', page('time', { basket: two, mode: { kind: 'reschedule', appointmentId: 'a1', linked: false, sources: [] } }), false, true],
  ])('%s', (_name, state, remove, change) => {
    const view = viewOf(state)
    expect(view.canRemoveItems).toBe(remove)
    expect(view.canChangeItems).toBe(change)
  })

  it('the total: the practitioners\' prices (else the services\'), and the gift vouchers', () => {
    expect(viewOf(page('payment', { basket: two })).total).toBe(80)
    expect(viewOf(page('service', { view: 'giftVoucher', mode: { kind: 'giftVoucher', vouchers: [{ value: 50, receiver: { name: 'A', email: 'a@example.com', message: '' } }] } })).total).toBe(50)
  })
})
