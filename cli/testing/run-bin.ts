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

export function runBin(args: string[], options: { env?: NodeJS.ProcessEnv; stdin?: string; timeoutMs?: number } = {}): Promise<BinRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? -1, stdout, stderr, json: <T>() => JSON.parse(stdout) as T })
    })
    child.stdin.end(options.stdin ?? '')
  })
}
