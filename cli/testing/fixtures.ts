// Contract-valid bodies for the CLI's nock tests.
export const HOST = 'http://clinic.test'
export const id = (n: number) => n.toString(16).padStart(24, '0')

export const CLINIC = id(1)
export const CATEGORY = id(2)
export const FACIAL = id(3)
export const MASSAGE = id(4)
export const ANNA = id(5)
export const BEN = id(6)
export const CUSTOMER = id(7)
export const APPOINTMENT = id(8)
export const LINKED = id(9)
export const INVOICE = id(10)
export const COURSE = id(11)
export const FORM = id(12)
export const LEAD = id(13)

export const organisation = {
  id: id(99),
  name: 'Glow Clinics',
  currency: 'GBP',
  country: 'GB',
  showHomeBannerText: false,
  bookingDepositType: 'percentage',
  bookingDepositAmount: 10,
  bookingDepositMultipleServicesRule: 'sum',
  bookingDepositRule: 'each time',
  showCancelTerms: true,
  sellGiftVoucherOnline: true,
  giftVoucherValues: [50, 100],
  minimiseGaps: false,
  cancellationRules: 'allow',
  lateCancellationPeriod: 48,
}

export const clinic = { id: CLINIC, accountName: 'Soho', address: { line1: '1 High St', line2: 'Floor 2', city: 'London' } }
export const otherClinic = { id: id(21), accountName: 'Camden', address: { line1: '9 Market Rd', city: 'London' } }

export const category = { id: CATEGORY, name: 'Face' }
export const facial = {
  id: FACIAL,
  name: 'Facial',
  defaultDuration: 60,
  defaultGrossPrice: 40,
  metadata: { price: 40, lowestPrice: 40, highestPrice: 55, lowestDuration: 60, highestDuration: 60 },
}
export const massage = { id: MASSAGE, name: 'Massage', defaultDuration: 30, defaultGrossPrice: 30 }

export const anna = { id: ANNA, displayName: 'Anna', grossPrice: 55, duration: 60 }
export const ben = { id: BEN, displayName: 'Ben' }

/** A slot of the contract; times in UTC ('2026-03-10' is GMT, so London time equals UTC). */
export const slot = (start: string, minutes: number, practitioner = ANNA, valid = true) => {
  const startDate = new Date(`2026-03-10T${start}:00.000Z`)
  const endDate = new Date(startDate.getTime() + minutes * 60_000)
  return { value: start, startDate: startDate.toISOString(), endDate: endDate.toISOString(), duration: minutes, valid, practitioner }
}

export const customer = { id: CUSTOMER, email: 'sam@example.com', firstName: 'Sam', surname: 'Smith' }

export const appointmentView = (over: Record<string, unknown> = {}) => ({
  id: APPOINTMENT,
  status: 'Scheduled',
  event: { start: '2026-03-10T10:00:00.000Z', end: '2026-03-10T11:00:00.000Z' },
  service: { id: FACIAL, name: 'Facial', locations: [{ clinic: CLINIC, showOnline: true }], showOnline: true },
  practitioner: { id: ANNA, displayName: 'Anna' },
  clinic: { id: CLINIC, accountName: 'Soho' },
  ...over,
})

export const invoice = {
  id: INVOICE,
  code: 'INV-1',
  customer: CUSTOMER,
  clinic: CLINIC,
  items: [],
  amount: 5.5,
  isDraft: true,
  paymentStatus: 'Unpaid',
  origin: 'SALE',
}
