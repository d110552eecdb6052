import * as c from '../../src/contract'

/** Entity samples: the one sample set the route table (samples.ts) is built from. */
export const id = (n: number): string => n.toString(16).padStart(24, '0')

export const ids = {
  org: id(1),
  clinic: id(2),
  clinic2: id(3),
  category: id(4),
  subCategory: id(5),
  service: id(6),
  service2: id(7),
  course: id(8),
  practitioner: id(9),
  customer: id(10),
  appointment: id(11),
  linked: id(12),
  invoice: id(13),
  tax: id(14),
  form: id(15),
  lead: id(16),
  customerCourse: id(17),
  voucher: id(18),
} as const

export const address: c.Address = { line1: '1 High Street', line2: 'Suite 2', city: 'London', country: 'GB', latitude: 51.5072, longitude: -0.1276 }
export const clinic: c.Clinic = { id: ids.clinic, accountName: 'Harley Street', address, active: true, archived: false, showOnline: true }
export const clinicMinimal: c.Clinic = { id: ids.clinic2, accountName: 'Soho', address: { line1: '2 Old Compton St', city: 'London' } }

export const organisation: c.OrganisationPublic = {
  id: ids.org,
  name: 'Demo Clinics',
  logo: 'https://example.test/logo.png',
  country: 'GB',
  currency: 'GBP',
  gtmId: 'GTM-XXXX',
  showHomeBannerText: true,
  homeBannerText: '<b>Welcome</b>',
  bookingDepositType: 'percentage',
  bookingDepositAmount: 20,
  bookingDepositMultipleServicesRule: 'single',
  bookingDepositRule: 'each time',
  termsAndConditionsText: 'Terms {LateCancellationPeriod}',
  termsAndConditionsTextCourse: 'Course terms',
  termsAndConditionsTextCourseService: 'Course service terms',
  termsAndConditionsTextGiftVoucher: 'Voucher terms',
  thankYouText: 'Thank you',
  thankYouTextCourse: 'Thanks for the course',
  thankYouTextCourseService: 'See you soon',
  thankYouTextGiftVoucher: 'Enjoy',
  thankYouPageUrl: 'https://example.test/thanks',
  lateCancellationChargeType: 'AMOUNT',
  lateCancellationChargeValue: 25.5,
  lateCancellationPeriod: 48,
  showCancelTerms: true,
  lateCancellationText: 'A {LateCancellationType} fee of {LateCancellationValue}',
  cancellationRules: 'allow',
  sellGiftVoucherOnline: true,
  giftVoucherValues: [50, 100, 150],
  minimiseGaps: true,
  minimiseGapsStrategy: 'Minimise after first booking',
  alsoShowFirst: true,
  alsoShowLast: false,
}

export const category: c.Category = {
  id: ids.category,
  name: 'Face',
  order: 1,
  showOnline: true,
  parentCategory: null,
  locations: [{ clinic: ids.clinic, showOnline: true }],
  subCategories: [{ id: ids.subCategory, name: 'Peels', order: 2, parentCategory: ids.category, locations: [] }],
}

export const service: c.Service = {
  id: ids.service,
  name: 'Facial',
  onlineName: 'Signature facial',
  onlineDescription: 'Relaxing',
  onlineSubtitle: '60 minutes of calm',
  defaultDuration: 60,
  defaultPrice: 80,
  defaultNetPrice: 66.67,
  showDurationOnline: true,
  showPriceOnline: true,
  availability: 'BOOK_AND_SELL',
  metadata: { price: 80, lowestPrice: 70, highestPrice: 90.5, lowestDuration: 45, highestDuration: 60 },
  staffs: [{ id: ids.practitioner, displayName: 'Dr Jones', grossPrice: 90.5, netPrice: 75.42, duration: 45 }],
  category: ids.category,
  locations: [{ clinic: ids.clinic, showOnline: true, rooms: [id(100)], equipments: [], staffs: [ids.practitioner] }],
  servicelocations: [{ location: ids.clinic, grossPrice: 80, netPrice: 66.67, taxType: '20% VAT' }],
  tax: ids.tax,
  taxType: '20% VAT',
  itemTax: { rate: 20 },
  bookingDepositType: 'fixed amount',
  bookingDepositAmount: 10,
}

export const course: c.Course = {
  id: ids.course,
  name: 'Six peels',
  salePrice: 300,
  courseServices: [{ service: ids.service, quantity: 6, name: 'Facial', defaultDuration: 60 }],
  showOnline: true,
  category: ids.category,
  itemTax: { rate: 20 },
  validityMonths: 12,
}

export const practitioner: c.Practitioner = {
  id: ids.practitioner,
  displayName: 'Dr Jones',
  description: 'Aesthetic doctor',
  gender: 'Female',
  avatar: 'https://example.test/a.png',
  grossPrice: 90.5,
  netPrice: 75.42,
  duration: 45,
}

export const slot: c.Slot = {
  value: '09:30',
  startDate: '2026-03-29T08:30:00.000Z',
  endDate: '2026-03-29T09:15:00.000Z',
  duration: 45,
  valid: true,
  practitioner: ids.practitioner,
  apptAdjacent: false,
  nextToService: true,
}

export const event = { start: '2026-04-01T09:00:00.000Z', end: '2026-04-01T10:00:00.000Z' }
export const linkedEvent = { start: '2026-04-01T10:00:00.000Z', end: '2026-04-01T10:30:00.000Z' }

export const linkedPayload: c.LinkedAppointmentPayload = {
  event: linkedEvent,
  price: 40,
  clinic: ids.clinic,
  practitioner: ids.practitioner,
  practitioners: [ids.practitioner],
  service: ids.service2,
  isLinked: true,
  type: 'Appointment',
  course: null,
}

export const appointmentPayload: c.AppointmentPayload = {
  event,
  price: 80,
  tax: 13.33,
  grossPrice: 80,
  netPrice: 66.67,
  practitioner: ids.practitioner,
  clinic: ids.clinic,
  service: ids.service,
  deposit: 16,
  course: null,
  linkedAppointments: [linkedPayload],
}

const appointmentCore = {
  status: 'Scheduled' as const,
  service: { id: ids.service, name: 'Facial', category: ids.category, defaultGrossPrice: 80, locations: service.locations, showOnline: true },
  practitioner: { id: ids.practitioner, displayName: 'Dr Jones' },
  clinic: { id: ids.clinic, accountName: 'Harley Street' },
}

export const linkedView: c.LinkedAppointmentView = { ...appointmentCore, id: ids.linked, event: linkedEvent, isLinked: true }

export const appointmentView: c.AppointmentView = {
  ...appointmentCore,
  id: ids.appointment,
  event,
  checkedIn: false,
  isLinked: false,
  price: 80,
  deposit: 16,
  customer: ids.customer,
  course: null,
  invoice: { id: ids.invoice, origin: 'SALE' },
  linkedAppointments: [linkedView],
}

export const pendingView: c.AppointmentView = {
  ...appointmentView,
  status: 'Pending',
  holdExpiresAt: '2026-03-20T10:05:00.000Z',
}

export const storedCard: c.StoredCard = { id: 'card_1', last_4: '4242', card_brand: 'VISA', exp_month: 12, exp_year: 2030, isDefaultCard: true }

export const customer: c.Customer = {
  id: ids.customer,
  email: 'jane@example.test',
  title: 'Ms',
  firstName: 'Jane',
  middleName: 'A',
  surname: 'Doe',
  dateOfBirth: '1990-05-01T12:00:00.000Z',
  gender: 'Female',
  mobilePhone: '+447700900123',
  referralSource: 'Website',
  accountBalance: 12.5,
  address1: '1 High Street',
  address2: 'Flat 2',
  city: 'London',
  county: 'Greater London',
  postCode: 'W1 1AA',
  country: { value: 'GB', label: 'United Kingdom' },
  marketingTypes: ['Email', 'SMS'],
  notificationTypes: ['Email'],
  cards: [storedCard],
}
export const currentUser: c.CurrentUser = { ...customer, role: 'customer', isVerified: true }

export const voucherReceiver: c.GiftVoucherReceiver = { name: 'Sam', email: 'sam@example.test', message: 'Happy\nbirthday' }

export const invoice: c.Invoice = {
  id: ids.invoice,
  code: 'INV-0001',
  customer: ids.customer,
  clinic: ids.clinic,
  items: [
    {
      id: id(200),
      type: 'Giftvoucher',
      name: 'Gift voucher',
      quantity: 1,
      grossPrice: 100,
      netPrice: 100,
      finalPrice: 100,
      location: ids.clinic,
      discount: 0,
      taxValue: 0,
      listPrice: 100,
      referenceId: ids.voucher,
      onlineSale: true,
      giftVoucherReceiver: voucherReceiver,
      refundedAmount: 0,
      giftVouchers: [{ id: ids.voucher, code: 'GV-1001', value: 100, status: 'Unpaid', receiver: voucherReceiver }],
    },
  ],
  amount: 100,
  isDraft: true,
  paymentStatus: 'Unpaid',
  origin: 'SALE',
  discount: 0,
  description: 'Invoice for Booking Deposit',
  createdAt: '2026-03-20T10:00:00.000Z',
}

export const customerCourse: c.CustomerCourse = {
  id: ids.customerCourse,
  name: 'Six peels',
  course: { id: ids.course, name: 'Six peels', services: [{ id: ids.service, name: 'Facial' }], additionalServices: [{ service: { id: ids.service2, name: 'Mask' }, quantity: 2 }] },
  service: { id: ids.service, name: 'Facial' },
  quantity: 6,
  redeemed: 1,
  reserved: 2,
  soldAt: '2026-01-10T12:00:00.000Z',
  endsOn: null,
  invoiceItem: { createdAt: '2026-01-10T12:00:00.000Z', quantity: 1, grossPrice: 300, netPrice: 250, tax: 50 },
  purchaseLocation: { id: ids.clinic, accountName: 'Harley Street' },
  category: { id: ids.category, name: 'Face' },
}

export const tax: c.Tax = { id: ids.tax, name: '20% VAT', rate: 20, active: true, archived: false }

export const formField: c.FormField = {
  id: 'f1',
  type: 'radio-text',
  title: 'Allergies?',
  isRequired: true,
  group: 'history',
  value: { answer: 'Yes', text: 'Penicillin' },
  options: ['Yes', 'No', { value: 'Other', info: 'Tell us more' }],
  multiple: false,
  autocompleteSearch: false,
  useDrugList: false,
  labelAfter: 'mg',
  limitTags: 3,
  isVisible: 't',
  hasDefaultValue: false,
  isSubFieldRequired: true,
  textTitle: 'Which?',
  content: '<p>Answer</p>',
  size: 50,
  src: 'https://example.test/i.png',
  alignment: 'Left',
  image_size: 'Medium',
  mhText: { showAs: 'text', customValue: '' },
  mhSelection: { showAs: 'Yes', customValue: 'Y' },
  mhPositiveSelection: { showAs: 'Yes', customValue: 'Positive' },
  additionalInfo: 'More',
}

export const userForm: c.UserForm = {
  id: ids.form,
  type: 'consent',
  isSigned: false,
  isUpdated: false,
  model: {
    name: 'Consent',
    description: 'Consent to treatment',
    tag: 'consent',
    isForAllTreatments: true,
    consent: 'I consent.',
    isFor: ['client'],
    fields: [formField, { id: 'f2', type: 'SignatureField', title: 'Sign here', isRequired: true }],
  },
  customer: { id: ids.customer, firstName: 'Jane', surname: 'Doe', dateOfBirth: '1990-05-01T12:00:00.000Z' },
  data: { f1: 'Yes' },
}

export const leadBody: c.LeadBody = {
  title: 'Ms',
  firstName: 'Jane',
  surname: 'Doe',
  email: 'jane@example.test',
  gender: 'Female',
  dateOfBirth: '1990-05-01T12:00:00.00Z',
  mobilePhone: '+447700900123',
  referralSource: 'Instagram',
  interested: ['Botox', 'Peels'],
  marketingTypes: ['SMS', 'Email'],
  message: 'Call me',
  required: ['gender'],
}

/** A time held since it was picked (issue 17, holds.routes.ts). */
export const slotHold: c.SlotHold = {
  id: ids.appointment,
  token: 'n0tAR3alT0ken-butLongEnough',
  expiresAt: '2026-03-20T10:05:00.000Z',
  secondsLeft: 300,
  extended: false,
  clinic: ids.clinic,
  items: [{ service: ids.service, practitioner: ids.practitioner, start: '2026-03-20T10:00:00.000Z', end: '2026-03-20T10:30:00.000Z' }],
}
