/** What the pages read of the wizard (viewOf), as tables. */
import { describe, expect, it } from 'vitest'
import { viewOf, CHOICE_HINTS } from './view'
import type { WizardPage } from './page'
import type { BookingStep } from '../steps'
import { at, CLINIC, COURSE, MASSAGE, item } from './fixtures.test-support'

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
