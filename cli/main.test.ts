// Usage errors and help of the program itself (no server involved).
import { describe, expect, it } from 'vitest'
import { runCli } from './testing/run-cli'

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
    for (const args of [['--help'], ['lead', '--help'], ['book', '--help'], ['form', 'show', '--help'], ['help', 'cancel']]) {
      const run = await runCli(args)
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(/Exit codes:\n {2}0 {2}success\n {2}1 .*\n {2}2 .*\n {2}3 /)
    }
  })
})
