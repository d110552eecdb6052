import type { Logger } from '../../application/ports/logger.port'

/** Logs to the console (browser devtools, CLI stderr). */
export class ConsoleLogger implements Logger {
  warn(message: string, detail?: unknown): void {
    console.warn(message, detail ?? '')
  }
  error(message: string, detail?: unknown): void {
    console.error(message, detail ?? '')
  }
}

/** Keeps what was logged (tests) or drops it. */
export class MemoryLogger implements Logger {
  readonly entries: { level: 'warn' | 'error'; message: string; detail?: unknown }[] = []
  warn(message: string, detail?: unknown): void {
    this.entries.push({ level: 'warn', message, detail })
  }
  error(message: string, detail?: unknown): void {
    this.entries.push({ level: 'error', message, detail })
  }
}
