/**
 * A course purchase's or a gift voucher's payment step shares its confirm URL
 * (/step/{clinic}/{category}/{course}/confirm?course=true, /step/{clinic}/confirm), and that URL names
 * at most the last course and no voucher. Opened again (a reload, a new tab, a link copied) it must
 * come back to the payment begun for the purchase, never show confirm, whose 'agree' would begin a
 * second invoice for the same thing. These rules say which payment begun an arrival comes back to.
 */

export type PurchaseKind = 'course' | 'giftVoucher'

/** A purchase whose payment was begun: where, for which courses (in the basket's order), and the payment. */
export interface PurchaseBegun<P> {
  kind: PurchaseKind
  clinic: string
  /** the courses bought, in the basket's order (none for a gift voucher) */
  courses: readonly string[]
  payment: P
}

/** The confirm URL that arrived: a course purchase's (the course it names) or a gift voucher's (it names none). */
export type PurchaseArrival = { kind: 'course'; clinic: string; courseId: string } | { kind: 'giftVoucher'; clinic: string }

/**
 * The purchase begun that this arrival is the payment step of, if any: one of the same kind at the
 * same clinic, and for a course purchase one whose courses include the URL's (the URL names only the
 * basket's last course, so a purchase of several matches each of them).
 */
export function purchaseOfArrival<P>(begun: PurchaseBegun<P> | undefined, arrival: PurchaseArrival): PurchaseBegun<P> | undefined {
  if (!begun || begun.kind !== arrival.kind || begun.clinic !== arrival.clinic) return undefined
  if (arrival.kind === 'course' && !begun.courses.includes(arrival.courseId)) return undefined
  return begun
}

/** The courses a course purchase's URL rebuilds: the purchase begun's, in its order, when it is one; else the URL's course alone. */
export function coursesToRebuild(begun: PurchaseBegun<unknown> | undefined, courseId: string): readonly string[] {
  return begun?.kind === 'course' && begun.courses.includes(courseId) ? begun.courses : [courseId]
}

/** What the server says of the invoice's payment (has-payment-intent): whether one is open, and which. */
export interface OpenPaymentState {
  hasPaymentIntent: boolean
  transactionId?: string
}

/**
 * Whether the payment begun (known in another tab) can be taken up here: the server's open payment of
 * its invoice is that very payment. Paid, ended or replaced since, it cannot: back to confirm.
 */
export function resumesOpenPayment(transactionId: string, state: OpenPaymentState): boolean {
  return state.hasPaymentIntent && state.transactionId === transactionId
}
