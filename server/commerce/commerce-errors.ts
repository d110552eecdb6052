/** Expected refusals of the commerce services; routes map them to HTTP statuses. */
export type CommerceError =
  | { _tag: 'Invalid'; message: string }
  | { _tag: 'Unauthorized'; message: string }
  | { _tag: 'Forbidden'; message: string }
  | { _tag: 'NotFound'; message: string }
  | { _tag: 'Conflict'; message: string }
  | { _tag: 'PaymentDeclined'; message: string }
  | { _tag: 'TooMany'; message: string }

export const invalid = (message: string): CommerceError => ({ _tag: 'Invalid', message })
export const forbidden = (message = 'You cannot access this resource.'): CommerceError => ({ _tag: 'Forbidden', message })
export const notFound = (message: string): CommerceError => ({ _tag: 'NotFound', message })
export const conflict = (message: string): CommerceError => ({ _tag: 'Conflict', message })

export const STATUS_OF: Record<CommerceError['_tag'], number> = {
  Invalid: 400,
  Unauthorized: 401,
  PaymentDeclined: 402,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooMany: 429,
}

/** Texts the client shows (designed where the spec gives none). */
export const MESSAGES = {
  invoiceNotFound: 'Invoice not found.',
  invoicePaid: 'This invoice is already paid.',
  invoiceVoid: 'This invoice is void and cannot be paid.',
  appointmentNotFound: 'Appointment not found.',
  holdExpired:
    'Your appointment was held for 5 minutes only and the hold has expired, so the payment was cancelled and you have not been charged. Please book again.',
  slotLostRefunded: 'Sorry, this time is no longer available, so your payment has been refunded to your card. Please book another time.',
  notAwaitingPayment: 'This appointment is not waiting for a payment.',
  paymentNotFound: 'Payment not found.',
  mixedItems: 'Cannot mix course purchases with individual services',
  noItems: 'The invoice needs an appointment or at least one item.',
  courseNotFound: 'Course not found.',
  voucherValue: 'This gift voucher amount is not available.',
  vouchersNotSold: 'Gift vouchers are not sold online.',
  courseNoSessions: 'There are no sessions left on this course.',
  courseExpired: 'This course has expired.',
  clinicNotFound: 'Location not found.',
  courseService: 'This course does not include this service.',
  tooManyLines: 'An invoice can have at most 20 lines.',
} as const
