/**
 * Customer courses (spec §5 "Course Book disabled when quantity minus used minus booked is zero or
 * less, or the course has expired"; §2 courses table "'No expiry' when no end date"; §7 customer
 * courses "sorted newest first"). `now` is an argument.
 */
import { formatInTimeZone } from 'date-fns-tz'
import { LONDON_TIME_ZONE } from '../time'

export interface CustomerCourseCounts {
  quantity: number
  /** Used (redeemed) sessions. */
  redeemed?: number | null
  /** Booked (reserved) sessions. */
  reserved?: number | null
  /** End of validity; null or missing means no expiry. */
  endsOn?: Date | string | null
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))

/** Sessions still available: quantity - used - booked. */
export function courseAvailable(course: CustomerCourseCounts): number {
  return course.quantity - (course.redeemed ?? 0) - (course.reserved ?? 0)
}

export function isCourseExpired(course: CustomerCourseCounts, now: Date): boolean {
  if (course.endsOn == null || course.endsOn === '') return false
  const end = toDate(course.endsOn)
  return !Number.isNaN(end.getTime()) && end.getTime() < now.getTime()
}

/** The Book button is disabled when nothing is available or the course has expired. */
export function isCourseBookDisabled(course: CustomerCourseCounts, now: Date): boolean {
  return courseAvailable(course) <= 0 || isCourseExpired(course, now)
}

/** 'No expiry' without an end date, else the end date as 'dd/MM/yyyy' (London). */
export function courseExpiryText(endsOn: Date | string | null | undefined): string {
  if (endsOn == null || endsOn === '') return 'No expiry'
  const end = toDate(endsOn)
  return Number.isNaN(end.getTime()) ? 'No expiry' : formatInTimeZone(end, LONDON_TIME_ZONE, 'dd/MM/yyyy')
}

/** Newest first by soldAt (missing dates last); stable for equal dates. */
export function sortCoursesNewestFirst<T extends { soldAt?: Date | string | null }>(courses: readonly T[]): T[] {
  const time = (c: T) => (c.soldAt ? toDate(c.soldAt).getTime() || -Infinity : -Infinity)
  return [...courses].sort((a, b) => time(b) - time(a))
}
