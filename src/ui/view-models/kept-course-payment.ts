import type { KeyValueStorage } from '../../application/ports/storage.port'
import { isKeptPayment, isRecord, KeptState, type KeptPayment } from './kept-state'
import { purchaseOfArrival, type PurchaseBegun } from '../../domain/booking/purchase-resume'

/**
 * A course purchase's payment begun in this tab, kept in its session storage: the payment step's URL
 * is confirm's (/step/{clinic}/{category}/{course}/confirm?course=true), and a reload there rebuilt
 * the course and showed confirm again, whose 'agree' began a second payment. Kept for the same
 * clinic and courses only; paid or given up, nothing to come back to. (The card's client secret is
 * kept apart, KeptCardSecret.)
 */
export const KEPT_COURSE_PAYMENT_KEY = 'coursePayment'

/** The course purchase's payment begun in this tab. */
export type KeptCoursePaymentSession = KeptPayment

interface Kept {
  clinic: string
  courses: string[]
  payment: KeptCoursePaymentSession
}

const isKept = (v: unknown): v is Kept =>
  isRecord(v) && typeof v.clinic === 'string' && Array.isArray(v.courses) && v.courses.every((c) => typeof c === 'string') && isKeptPayment(v.payment)

const sameCourses = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((c, i) => c === b[i])

export class KeptCoursePayment {
  private readonly kept: KeptState<Kept>

  constructor(storage?: KeyValueStorage) {
    this.kept = new KeptState(KEPT_COURSE_PAYMENT_KEY, isKept, storage)
  }

  keep(clinic: string, courses: string[], payment: KeptCoursePaymentSession): void {
    const { paymentUrl, transactionId, invoiceId, amount } = payment
    this.kept.write({ clinic, courses, payment: { paymentUrl, transactionId, ...(invoiceId ? { invoiceId } : {}), ...(amount !== undefined ? { amount } : {}) } })
  }

  /** The payment begun for exactly these courses at `clinic`, if any. */
  of(clinic: string, courses: readonly string[]): KeptCoursePaymentSession | undefined {
    const kept = this.kept.read()
    return kept?.clinic === clinic && courses.length > 0 && sameCourses(kept.courses, courses) ? kept.payment : undefined
  }

  /**
   * The purchase begun here at `clinic` that buys `courseId` (the URL names the basket's last course
   * only), with all its courses: a reload of a purchase of several rebuilds them all.
   */
  including(clinic: string, courseId: string): PurchaseBegun<KeptCoursePaymentSession> | undefined {
    const kept = this.kept.read()
    return kept ? purchaseOfArrival({ kind: 'course', ...kept }, { kind: 'course', clinic, courseId }) : undefined
  }

  clear(): void {
    this.kept.clear()
  }
}
