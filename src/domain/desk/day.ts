/**
 * The desk's day view (issue 29): which blocks of time (a break, a meeting, leave over several days)
 * fall on a London date, and how each is told on that date's column.
 */
import { LONGEST_BLOCK_MS, addDays, londonInstant } from './week'
import { londonDateOf, londonTimeOf } from '../london'

interface Span {
  start: string
  end: string
}

/** The instants [from, to) of a London date (23 or 25 hours on the days the clocks change). */
export function londonDay(date: string): { from: Date; to: Date } {
  return { from: londonInstant(date, '00:00'), to: londonInstant(addDays(date, 1), '00:00') }
}

/** Whether [start, end) takes any of the London date's time. */
export function overlapsDay(date: string, span: Span): boolean {
  const { from, to } = londonDay(date)
  return Date.parse(span.start) < to.getTime() && Date.parse(span.end) > from.getTime()
}

/**
 * The London start dates to ask for so that every block taking time on the date is among them: a
 * block lasts at most LONGEST_BLOCK_MS, so it started at most that many days before.
 */
export function blockStartDates(date: string): { from: string; to: string } {
  return { from: addDays(date, -Math.ceil(LONGEST_BLOCK_MS / 86_400_000)), to: date }
}

/** The blocks that take time on the date, by start. */
export function blocksOnDay<T extends Span>(date: string, blocks: readonly T[]): T[] {
  return blocks.filter((b) => overlapsDay(date, b)).sort((a, b) => a.start.localeCompare(b.start))
}

/** 'HH:mm' of an instant on the date, or 'YYYY-MM-DD HH:mm' when it lies on another date (leave over several days). */
export function timeOnDay(date: string, iso: string): string {
  const at = new Date(iso)
  const time = londonTimeOf(at)
  const day = londonDateOf(at)
  return day === date ? time : `${day} ${time}`
}
