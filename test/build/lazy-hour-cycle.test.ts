import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deferHourCycleTest } from '../../scripts/lib/lazy-hour-cycle.mjs'

const file = createRequire(import.meta.url).resolve('date-fns-tz').replace(/[\\/]dist[\\/].*$/, '/dist/esm/_lib/tzTokenizeDate/index.js')
const original = readFileSync(file, 'utf8')

/** The module as the browser's build has it, imported from a file of its own. */
async function transformed(): Promise<{ tzTokenizeDate: (date: Date, timeZone: string) => number[] }> {
  const path = join(mkdtempSync(join(tmpdir(), 'lazy-hour-cycle-')), 'index.mjs')
  writeFileSync(path, deferHourCycleTest(original))
  return import(pathToFileURL(path).href)
}

afterEach(() => vi.restoreAllMocks())

describe('date-fns-tz with its hourCycle test deferred (lazyHourCycle)', () => {
  it('makes no Intl.DateTimeFormat as its module runs, and one on the first date it reads', async () => {
    const made: unknown[] = []
    const DateTimeFormat = Intl.DateTimeFormat
    // A constructor that counts (returning the real one's object from `new`).
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (this: unknown, ...args: ConstructorParameters<typeof DateTimeFormat>) {
      made.push(args)
      return new DateTimeFormat(...args)
    } as unknown as typeof DateTimeFormat)
    const { tzTokenizeDate } = await transformed()
    expect(made).toEqual([])
    expect(tzTokenizeDate(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toEqual([2026, 7, 1, 13, 0, 0])
    expect(made.length).toBeGreaterThan(0)
  })

  it('reads dates as date-fns-tz does', async () => {
    const { tzTokenizeDate } = await transformed()
    const { tzTokenizeDate: theirs } = (await import(pathToFileURL(file).href)) as { tzTokenizeDate: (date: Date, timeZone: string) => number[] }
    for (const [iso, zone] of [['2026-07-01T12:00:00Z', 'Europe/London'], ['2026-01-01T00:30:00Z', 'Europe/London'], ['2014-06-25T04:00:00.123Z', 'America/New_York']] as const) {
      expect(tzTokenizeDate(new Date(iso), zone)).toEqual(theirs(new Date(iso), zone))
    }
  })

  it('fails loudly on a module that no longer has the test', () => {
    expect(() => deferHourCycleTest('export const x = 1')).toThrow(/hourCycle test was not found/)
  })
})
