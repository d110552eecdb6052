// Test support: runs the CLI in-process with captured streams and a private config directory.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { main, containerFactory } from '../main'
import type { CliConfig } from '../cli.container'
import type { CliIo } from '../context'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
  /** stdout parsed as JSON (for --json runs). */
  json<T = unknown>(): T
}

export class Capture {
  text = ''
  constructor(readonly isTTY = false) {}
  write(chunk: string): boolean {
    this.text += chunk
    return true
  }
}

/** A temporary XDG_CONFIG_HOME, so the token file of a test never touches the real one. */
export function tempConfigHome(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-cli-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export async function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: string; overrides?: Partial<CliConfig>; tty?: boolean } = {},
): Promise<CliRun> {
  const stdout = new Capture()
  const stderr = new Capture()
  const stdin = Readable.from(options.stdin === undefined ? [] : [options.stdin]) as CliIo['stdin']
  if (options.tty) stdin.isTTY = true // answers typed at a terminal: commands may ask
  const io: CliIo = { stdout, stderr, stdin, env: { NO_COLOR: '1', ...options.env } }
  const code = await main(args, io, containerFactory({ timeoutMs: 2000, ...options.overrides }))
  return {
    code,
    stdout: stdout.text,
    stderr: stderr.text,
    json: <T>() => JSON.parse(stdout.text) as T,
  }
}
