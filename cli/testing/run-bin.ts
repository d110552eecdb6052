// Test support: runs the real `clinic` executable (cli/bin.mjs) as a child process.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const BIN = fileURLToPath(new URL('../bin.mjs', import.meta.url))

export interface BinRun {
  code: number
  stdout: string
  stderr: string
  json<T = unknown>(): T
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv
  stdin?: string
  timeoutMs?: number
  /** The reader of stdout goes away before the command writes anything (as `| head` may). */
  closedStdout?: boolean
  cwd?: string
}

export function runBin(args: string[], options: RunOptions = {}): Promise<BinRun> {
  return run(process.execPath, [BIN, ...args], options)
}

/** Runs any executable (the linked `clinic`, bash) the way runBin runs cli/bin.mjs. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<BinRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    // closed at once, before the child has even started node: its first write meets a closed pipe
    if (options.closedStdout) child.stdout.destroy()
    else child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? -1, stdout, stderr, json: <T>() => JSON.parse(stdout) as T })
    })
    // A child that exits without reading its input (bash -c 'command -v clinic') may close the pipe
    // before this write: EPIPE then says nothing about the run, and unheard it fails the whole suite.
    child.stdin.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') reject(e)
    })
    child.stdin.end(options.stdin ?? '')
  })
}
