// The CLI from a shell, end to end (the real server in-process on a real port, the real executable as
// a child process): `clinic` linked onto a PATH with `npm link` (into a temporary prefix, never the
// machine's global one), every listing piped into `head -1`, and the shell completion scripts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../../server/test-support/test-server'
import { BIN, run, runBin } from '../testing/run-bin'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const LONDON = DEMO.clinicLondon
const MASSAGE = DEMO.sMassage

let server: TestServer
let url: string
let home: string
let prefix: string
let linked: string
const env = () => ({ XDG_CONFIG_HOME: home, PATH: `${join(prefix, 'bin')}${delimiter}${process.env.PATH}` })

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'clinic-shell-'))
  prefix = mkdtempSync(join(tmpdir(), 'clinic-prefix-'))
  server = await buildTestServer()
  url = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  // the README's way onto the PATH, with npm's global prefix moved into a temporary directory
  const link = await run('npm', ['link', '--no-audit', '--no-fund', '--ignore-scripts'], {
    env: { npm_config_prefix: prefix, npm_config_update_notifier: 'false' },
    timeoutMs: 120_000,
    cwd: ROOT,
  })
  expect(link.code, link.stderr).toBe(0)
  linked = join(prefix, 'bin', 'clinic')
  const login = await runBin(['--base-url', url, 'login', '--email', DEMO_CUSTOMER.email, '--password-stdin'], { env: env(), stdin: `${DEMO_CUSTOMER.password}\n` })
  expect(login.code, login.stderr).toBe(0)
}, 180_000)

afterAll(async () => {
  await server?.close()
  rmSync(home, { recursive: true, force: true })
  rmSync(prefix, { recursive: true, force: true })
})

describe('clinic on the PATH through npm link', { timeout: 60_000 }, () => {
  it('the shell finds `clinic`, the linked executable of this checkout, and it talks to the server', async () => {
    const which = await run('bash', ['-c', 'command -v clinic'], { env: env() })
    expect(which.stdout.trim()).toBe(linked)
    expect(realpathSync(linked)).toBe(realpathSync(BIN))
    const locations = await run('bash', ['-c', `clinic --base-url '${url}' locations --json`], { env: env() })
    expect(locations.code, locations.stderr).toBe(0)
    expect(locations.json<{ id: string }[]>().map((c) => c.id)).toContain(LONDON)
  })
})

describe('every listing piped into head -1', { timeout: 120_000 }, () => {
  let listings: string[][]

  beforeAll(async () => {
    const now = new Date()
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    const month = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`
    const days = await runBin(['--base-url', url, '--json', 'days', '--location', LONDON, '--service', MASSAGE, '--month', month], { env: env() })
    const day = days.json<{ days: string[] }>().days[0]
    listings = [
      ['--help'],
      ['org'],
      ['locations'],
      ['services', '--location', LONDON],
      ['services', '--courses', '--location', LONDON],
      ['services', '--vouchers'],
      ['staff', '--location', LONDON, '--service', MASSAGE],
      ['days', '--location', LONDON, '--service', MASSAGE, '--month', month],
      ['slots', '--location', LONDON, '--service', MASSAGE, '--date', day],
      ['appointments'],
      ['courses'],
      ['whoami'],
      ['--json', 'locations'],
      ['--json', 'appointments'],
      ['completion', 'bash'],
    ]
  }, 60_000)

  it('ends with 0 and no stack trace, printing the first line', async () => {
    for (const args of listings) {
      const full = await runBin(['--base-url', url, ...args], { env: env() })
      expect(full.code, `${args.join(' ')}: ${full.stderr}`).toBe(0)
      expect(full.stdout.split('\n').length, args.join(' ')).toBeGreaterThan(2)
      // pipefail: the status is clinic's, not only head's
      const piped = await run('bash', ['-o', 'pipefail', '-c', '"$@" | head -1', 'bash', process.execPath, BIN, '--base-url', url, ...args], { env: env() })
      expect(piped.code, `${args.join(' ')}: ${piped.stderr}`).toBe(0)
      expect(piped.stderr, args.join(' ')).toBe('')
      expect(piped.stdout, args.join(' ')).toBe(`${full.stdout.split('\n')[0]}\n`)
    }
  })

  it('a reader gone before the first write: still 0 and nothing on stderr', async () => {
    for (const args of listings) {
      const closed = await runBin(['--base-url', url, ...args], { env: env(), closedStdout: true })
      expect(closed.stderr, args.join(' ')).toBe('')
      expect(closed.code, args.join(' ')).toBe(0)
    }
  })
})

describe('shell completion', { timeout: 60_000 }, () => {
  it('bash: sourcing the script registers it for clinic, and it completes commands and options', async () => {
    const registered = await run('bash', ['-c', 'source <(clinic completion bash) && complete -p clinic'], { env: env() })
    expect(registered.code, registered.stderr).toBe(0)
    expect(registered.stdout).toMatch(/^complete .*-F __clinic_complete clinic$/m)
    const complete = (words: string[]) =>
      run('bash', ['-c', `source <(clinic completion bash); COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; COMP_LINE='${words.join(' ')}'; COMP_POINT=\${#COMP_LINE}; __clinic_complete; printf '%s\\n' "\${COMPREPLY[@]}"`], { env: env() })
    const commands = await complete(['clinic', 'bu'])
    expect(commands.stdout.split('\n')).toContain('buy')
    const sub = await complete(['clinic', 'buy', ''])
    expect(sub.stdout.split('\n').filter(Boolean).sort()).toEqual(['course', 'voucher'])
    const options = await complete(['clinic', 'buy', 'voucher', '--for'])
    expect(options.stdout.split('\n')).toContain('--for-me')
    const shells = await complete(['clinic', 'completion', ''])
    expect(shells.stdout.split('\n')).toEqual(expect.arrayContaining(['bash', 'zsh', 'fish']))
  })

  it('zsh and fish: scripts for clinic', async () => {
    const zsh = await run(linked, ['completion', 'zsh'], { env: env() })
    expect(zsh.code, zsh.stderr).toBe(0)
    expect(zsh.stdout).toMatch(/^#compdef clinic\ncompdef _clinic clinic\n/)
    const fish = await run(linked, ['completion', 'fish'], { env: env() })
    expect(fish.code, fish.stderr).toBe(0)
    expect(fish.stdout).toMatch(/^complete -c clinic /m)
    const bad = await run(linked, ['completion', 'tcsh'], { env: env() })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^error: .*tcsh.*\(run clinic completion --help for usage\)\n$/)
  })
})
