/** Argument parsers for commander options: a bad value is a usage error (exit 2). */
import { InvalidArgumentError } from 'commander'
import { existsInLondon, isIsoDate, londonDateOf, londonMonthOf, londonToUtc } from '../../src/domain/time'
import { isEmail } from '../../src/domain/validation/email'
import { usageError } from '../exit-codes'

export function parseMonth(value: string): { year: number; month: number } {
  const match = /^(\d{4})-(\d{1,2})$/.exec(value.trim())
  const month = match ? Number(match[2]) : 0
  if (!match || month < 1 || month > 12) throw new InvalidArgumentError(`expected a month as yyyy-MM, got '${value}'.`)
  return { year: Number(match[1]), month }
}

export function parseDate(value: string): string {
  const date = value.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(date) && !isIsoDate(date)) throw new InvalidArgumentError(`There is no such day as ${date} in the calendar.`)
  if (!isIsoDate(date)) throw new InvalidArgumentError(`expected a date as yyyy-MM-dd, got '${value}'.`)
  return date
}

/** A day to book or to look at times of: today or later (London); a past one is a usage error. */
export function notPast(date: string, option = '--date', now: Date = new Date()): string {
  if (date < londonDateOf(now)) throw usageError(`${option} ${date} is in the past (today is ${londonDateOf(now)} in London).`)
  return date
}

export function parseTime(value: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim())
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) throw new InvalidArgumentError(`expected a time as HH:mm, got '${value}'.`)
  return `${match[1].padStart(2, '0')}:${match[2]}`
}

export function parseObjectId(value: string): string {
  const id = value.trim()
  if (!/^[0-9a-fA-F]{24}$/.test(id)) throw new InvalidArgumentError(`expected an id of 24 hexadecimal characters, got '${value}'.`)
  return id
}

/** An email address (the sign-up's pattern), trimmed: a mistyped one is a usage error, not the server's refusal. */
export function parseEmail(value: string): string {
  if (!isEmail(value)) throw new InvalidArgumentError(`expected an email address, got '${value}'.`)
  return value.trim()
}

/** One of `choices` in any case ('leave', 'LEAVE'), as the choice is spelled (`Leave`); undefined when none. */
export function canonicalChoice<T extends string>(value: string, choices: readonly T[]): T | undefined {
  const wanted = value.trim().toLowerCase()
  return choices.find((c) => c.toLowerCase() === wanted)
}

export function parsePositiveInt(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive whole number, got '${value}'.`)
  return n
}

/** Repeatable option: `--service a --service b` (or `--service a,b`). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((v) => v.trim()).filter((v) => v !== '')]
}

/** `key=value` pairs of a repeatable option. */
export function collectPairs(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const at = value.indexOf('=')
  if (at <= 0) throw new InvalidArgumentError(`expected key=value, got '${value}'.`)
  return { ...previous, [value.slice(0, at).trim()]: value.slice(at + 1) }
}

/** The current London month. */
export function currentMonth(now: Date = new Date()): { year: number; month: number } {
  return londonMonthOf(now)
}

export const monthOfDate = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) })

/** A start as the desk types it: 'yyyy-MM-dd HH:mm' (London time) or an ISO instant; the ISO instant back. */
export function startOf(value: string): string {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(value.trim())
  if (local && isIsoDate(local[1]!) && existsInLondon(local[1]!, local[2]!)) return londonToUtc(local[1]!, local[2]!).toISOString()
  const instant = new Date(value)
  if (!/Z|[+-]\d{2}:?\d{2}$/.test(value) || Number.isNaN(instant.getTime())) throw usageError(`--start must be 'yyyy-MM-dd HH:mm' (London time) or an ISO instant, got '${value}'.`)
  return instant.toISOString()
}
