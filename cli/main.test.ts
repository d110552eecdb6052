// Usage errors and help of the program itself (no server involved).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runCli } from './testing/run-cli'
import { violationDetail } from './main'

describe('clinic usage', () => {
  it('a usage error is one line on stderr, with where to find the usage, and exit 2', async () => {
    const run = await runCli(['slots', '--service', 'Massage', '--date', '2026-02-30'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(/^error: .*2026-02-30.*\(run clinic slots --help for usage\)$/), ''])
    const unknown = await runCli(['bogus'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^error: unknown command 'bogus'.*\(run clinic --help for usage\)\n$/)
  })

  it("every command's --help lists the exit codes", async () => {
    for (const args of [['--help'], ['lead', '--help'], ['book', '--help'], ['form', 'show', '--help'], ['form', 'submit', '--help'], ['help', 'cancel']]) {
      const run = await runCli(args)
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(/Exit codes:\n {2}0 {2}success\n {2}1 .*\n {2}2 .*\n {2}3 /)
      expect(run.stdout).not.toMatch(/\(default: (\[\]|false|\{\})\)/)
    }
  })
})

describe('days given on the command line', () => {
  afterEach(() => vi.useRealTimers())

  it('a day that does not exist says so (2)', async () => {
    const run = await runCli(['book', '--service', 'Massage', '--date', '2026-02-30', '--time', '10:00'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/There is no such day as 2026-02-30 in the calendar\./)
  })

  it('a past day is a usage error (2) before anything is asked of the server', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T09:00:00Z') })
    for (const args of [
      ['slots', '--service', 'Massage', '--date', '2026-11-21'],
      ['book', '--service', 'Massage', '--date', '2026-11-21', '--time', '10:00', '--card', '4242424242424242'],
      ['reschedule', 'ab0000000000000000000004', '--date', '2026-11-21', '--time', '10:00'],
    ]) {
      const run = await runCli(['--base-url', 'http://127.0.0.1:9', ...args])
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toBe(`error: --date 2026-11-21 is in the past (today is 2026-11-22 in London). (run clinic ${args[0]} --help for usage)\n`)
    }
  })
})

describe('violationDetail', () => {
  it('names a web page answer (a --base-url that is not the API) instead of printing the page', () => {
    const page = `GET /public-clinics: Invalid response: value "<!doctype html>\\n<html lang=\\"en-GB\\">${'x'.repeat(2000)}" supplied to : Array<Clinic>`
    expect(violationDetail(page)).toBe("GET /public-clinics: the answer is a web page, not the API's JSON; is --base-url the clinic server?")
  })

  it('cuts long values and keeps short ones', () => {
    const long = 'a'.repeat(200)
    expect(violationDetail(`GET /x: Invalid value "${long}" supplied to : Clinic/id: string`)).toBe(`GET /x: Invalid value "${'a'.repeat(60)}…" supplied to : Clinic/id: string`)
    expect(violationDetail('GET /x: Invalid value "abc" supplied to : Clinic/id')).toBe('GET /x: Invalid value "abc" supplied to : Clinic/id')
  })
})
