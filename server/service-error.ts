/**
 * The refusals a service returns (Left of an Either) for its caller to handle. Named after what went
 * wrong, not after HTTP: server/http/service-failure.ts is the one place that maps them to a status
 * and, for the named ones, to the text the client shows.
 */
export type ServiceError =
  /** The request breaks a rule (the message says which). */
  | { readonly _tag: 'Invalid'; readonly message: string }
  /** Who is asking could not be recognised (wrong password, unknown token). */
  | { readonly _tag: 'Unauthenticated'; readonly message: string }
  /** Who is asking may not do this. */
  | { readonly _tag: 'NotAllowed'; readonly message: string }
  | { readonly _tag: 'NotFound'; readonly message: string }
  /** The thing's state refuses the change (already paid, not pending, ...). */
  | { readonly _tag: 'Conflict'; readonly message: string }
  /** Another booking holds the time. */
  | { readonly _tag: 'SlotTaken' }
  /** The appointment changed between reading and writing it. */
  | { readonly _tag: 'ChangedMeanwhile' }
  /** The booking's transaction id belongs to another customer's booking. */
  | { readonly _tag: 'TransactionInUse' }
  /** The booking's transaction id already made another booking (another time, service, practitioner or place): `appointmentId`, its first appointment. */
  | { readonly _tag: 'TransactionReused'; readonly appointmentId: string }
  /** The customer keeps as many unpaid holds as allowed. */
  | { readonly _tag: 'TooManyHolds' }
  /** The caller holds as many picked times (slot holds) as allowed. */
  | { readonly _tag: 'TooManySlotHolds' }
  /** The caller made as many slot holds as allowed in a while; it may try again after that many seconds. */
  | { readonly _tag: 'HoldingTooFast'; readonly retryAfterSeconds: number }

export const invalid = (message: string): ServiceError => ({ _tag: 'Invalid', message })
export const unauthenticated = (message: string): ServiceError => ({ _tag: 'Unauthenticated', message })
export const notAllowed = (message = 'You cannot access this resource.'): ServiceError => ({ _tag: 'NotAllowed', message })
export const notFound = (message: string): ServiceError => ({ _tag: 'NotFound', message })
export const conflict = (message: string): ServiceError => ({ _tag: 'Conflict', message })
export const SLOT_TAKEN_ERROR: ServiceError = { _tag: 'SlotTaken' }
export const CHANGED_MEANWHILE_ERROR: ServiceError = { _tag: 'ChangedMeanwhile' }
export const TRANSACTION_IN_USE_ERROR: ServiceError = { _tag: 'TransactionInUse' }
export const transactionReused = (appointmentId: string): ServiceError => ({ _tag: 'TransactionReused', appointmentId })
export const TOO_MANY_HOLDS_ERROR: ServiceError = { _tag: 'TooManyHolds' }
export const TOO_MANY_SLOT_HOLDS_ERROR: ServiceError = { _tag: 'TooManySlotHolds' }

/** Texts of the payment, invoice, course and voucher refusals (designed where the spec gives none). */
export const MESSAGES = {
  invoiceNotFound: 'Invoice not found.',
  invoicePaid: 'This invoice is already paid.',
  invoiceVoid: 'This invoice is void and cannot be paid.',
  appointmentNotFound: 'Appointment not found.',
  holdExpired:
    'Your appointment was held for 5 minutes only and the hold has expired, so the payment was cancelled and you have not been charged. Please book again.',
  payLinkVoided: 'This payment link is no longer valid: your visit is paid at the clinic, and you have not been charged.',
  payLinkVoidedNoShow: 'This payment link is no longer valid: the appointment was marked as missed, and you have not been charged.',
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
