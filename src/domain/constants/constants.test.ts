import { describe, expect, it } from 'vitest'
import * as C from './index'

describe('section 9 constant lists, word for word', () => {
  it.each([
    ['TITLES', C.TITLES, ['Dame', 'Dr', 'Lady', 'Lord', 'Miss', 'Mr', 'Mrs', 'Ms', 'Mx', 'Prof', 'Sir', 'Not selected']],
    ['GENDERS', C.GENDERS, ['Male', 'Female', 'Male trans', 'Female trans', 'Non-Binary', 'Not selected']],
    ['REFERRAL_SOURCES', C.REFERRAL_SOURCES, ['Word of mouth', 'Website', 'Instagram', 'Facebook', 'Twitter', 'Walk past', 'Internet', 'Google search', 'Friend', 'Dr referral', 'Other']],
    ['SIGN_UP_TITLES', C.SIGN_UP_TITLES, ['Mrs', 'Miss', 'Ms', 'Mr', 'Mx', 'Dr']],
    ['APPOINTMENT_STATUSES', C.APPOINTMENT_STATUSES, ['No show', 'Deleted', 'Cancelled', 'Scheduled', 'Completed', 'Running late', 'Pending', 'Incomplete']],
    ['INVOICE_PAYMENT_STATUSES', C.INVOICE_PAYMENT_STATUSES, ['Unpaid', 'Part paid', 'Paid', 'Void', 'Refund']],
    ['ORDER_STATUSES', C.ORDER_STATUSES, ['Draft', 'Raised', 'Awaiting delivery', 'Part delivered', 'Completed']],
    ['VOUCHER_STATUSES', C.VOUCHER_STATUSES, ['Used', 'Available', 'Expired', 'Unpaid', 'Refunded']],
    ['STOCK_TAKE_STATUSES', C.STOCK_TAKE_STATUSES, ['Count paused', 'Complete', 'Stock update']],
    ['LEAD_STATUSES', C.LEAD_STATUSES, ['Open', 'Won', 'Lost']],
    ['PROTECTED_LEAD_STAGES', C.PROTECTED_LEAD_STAGES, ['Closed - Won', 'Closed - Lost']],
    ['RECEIPT_STATUSES', C.RECEIPT_STATUSES, ['DECLINED', 'REFUND', 'RECEIVED']],
    ['PAYMENT_TYPES', C.PAYMENT_TYPES, ['Account', 'Card', 'Giftvoucher', 'Card Terminal', 'Bank transfer', 'Online', 'FOC', 'Custom', 'Cash']],
    ['FIXED_PAYMENT_OPTIONS', C.FIXED_PAYMENT_OPTIONS, ['Card', 'Giftvoucher', 'Account']],
    ['INVOICE_ORIGINS', C.INVOICE_ORIGINS, ['SALE', 'REFUND', 'CANCELLATION', 'ONLINE_COURSE']],
    ['INVOICE_ITEM_TYPES', C.INVOICE_ITEM_TYPES, ['Account', 'Course', 'Giftvoucher', 'Membership', 'Prepaid Card', 'Product', 'Service']],
    ['CUSTOMER_INVOICE_ITEM_TYPES', C.CUSTOMER_INVOICE_ITEM_TYPES, ['course', 'gift card', 'account']],
    ['SERVICE_AVAILABILITY', C.SERVICE_AVAILABILITY, ['BOOK_AND_SELL', 'BOOK_ONLY', 'SELL_ONLY']],
    ['APPOINTMENT_TYPES', C.APPOINTMENT_TYPES, ['Appointment', 'Break', 'Block', 'Leave']],
    ['REPEAT_OPTIONS', C.REPEAT_OPTIONS, ['never', 'everyDay', 'everyWeek', 'everyTwoWeeks', 'everyMonth']],
    ['DEFAULT_GIFT_VOUCHER_AMOUNTS', C.DEFAULT_GIFT_VOUCHER_AMOUNTS, [50, 100, 150, 200, 250, 500]],
    ['JOURNEY_STEPS', C.JOURNEY_STEPS, ['home', 'client-details', 'forms', 'form-complete', 'summary', 'practitioner-forms', 'photos']],
    ['FORM_TYPES', C.FORM_TYPES, ['Consent', 'Medical', 'General', 'Aftercare']],
    ['DILUTION_OPTIONS', C.DILUTION_OPTIONS, ['0.5ml', '0.63ml', '1.0mls', '1.25mls', '2.0mls', '2.5mls', '3.0mls', '4.0mls', '5.0mls', '8.0mls']],
    ['DEFAULT_UNIT_VALUES', C.DEFAULT_UNIT_VALUES, [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]],
    ['LASER_SKIN_TYPES', C.LASER_SKIN_TYPES, [1, 2, 3, 4, 5, 6]],
    ['PULSE_WIDTHS', C.PULSE_WIDTHS, [20, 21, 22]],
    ['HANDPIECES', C.HANDPIECES, ['ET', 'HS']],
  ] as [string, readonly unknown[], unknown[]][])('%s', (_name, actual, expected) => {
    expect([...actual]).toEqual(expected)
  })

  it('timings', () => {
    expect(C.TIMINGS).toEqual({
      holdSeconds: 300,
      pendingDeleteTimeoutMs: 10_000,
      paymentPollMs: 3_000,
      thankYouDelayMs: 3_000,
      cardSetupRetryMs: 1_000,
      toastMs: 3_000,
      scrollToTopMs: 500,
    })
  })

  it('sizes, breakpoints and codes', () => {
    expect(C.BREAKPOINTS).toEqual({ mobile: 576, tablet: 768, desktop: 1200 })
    expect([C.UI_SIZES.avatarLarge, C.UI_SIZES.avatarSmall]).toEqual([47, 30])
    expect([C.UI_SIZES.signatureCanvasHeight, C.UI_SIZES.signatureLineWidth]).toEqual([300, 3])
    expect(C.SHORT_STRING_LENGTH).toBe(24)
    expect(C.STATUS_CODES).toEqual({ active: 10, deleted: 100 })
    expect(C.ROLES).toEqual({ admin: 'admin', customer: 'customer', practitioner: 'practitioner' })
    expect(C.DEFAULT_ORGANISATION_VOUCHER_ID).toBe(1001)
    expect(C.PAGE_SIZES.customerAppointments).toBe(100)
    expect(C.PAGE_SIZES.bookingCategoryLimit).toBe(1500)
    expect(C.INVOICE_DESCRIPTIONS).toEqual({ onlineCoursePurchase: 'Online Course Purchase', bookingDeposit: 'Invoice for Booking Deposit' })
    expect(C.LINKED_SERVICE_FORCE_INTERVAL).toBe(5)
  })

  it('lead form defaults', () => {
    expect(C.LEAD_FORM_DEFAULTS).toMatchObject({
      font: 'Inter, sans-serif',
      textColour: 'black',
      backgroundColour: 'white',
      interestedTitle: 'Treatments interested in',
      contactTitle: 'How should we contact you?',
      phoneCountry: 'gb',
      dialCode: '+44',
    })
    expect(C.LEAD_COUNTRY_CODES).toEqual([
      { name: 'United Kingdom', code: 'gb' },
      { name: 'Australia', code: 'au' },
    ])
    expect(C.LEAD_ALWAYS_REQUIRED).toEqual(['firstName', 'surname', 'email'])
  })

  it.each([
    [null, [50, 100, 150, 200, 250, 500]],
    [[], [50, 100, 150, 200, 250, 500]],
    [[25, 75], [25, 75]],
  ])('giftVoucherAmounts(%j)', (values, expected) => {
    expect([...C.giftVoucherAmounts(values)]).toEqual(expected)
  })
})
