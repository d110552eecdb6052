import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { TokenStore } from '../../application/ports/token-store.port'
import {
  SESSION_BOOKING_KEYS,
  type BookingInfoKey,
  type BookingStore,
  type StoredBookingInfo,
} from '../../application/ports/booking-store.port'

/** The CLI's config directory: $XDG_CONFIG_HOME/clinic, else ~/.config/clinic. */
export function configDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.trim() !== '' ? env.XDG_CONFIG_HOME : join(home, '.config')
  return join(base, 'clinic')
}

function writePrivate(dir: string, file: string, content: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700) // mkdirSync leaves an existing directory's mode as it was
  const path = join(dir, file)
  writeFileSync(path, content, { mode: 0o600 })
  chmodSync(path, 0o600) // writeFileSync keeps the mode of an existing file
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/**
 * The CLI's token: a file 'token' in the config directory, readable by the user only (0600).
 * With a scope (the server and tenant it was issued by), the token is kept with its scope and given
 * back only for that scope, so a command pointed at another --base-url or --tenant never sends it
 * there. A bare token in the file (written by hand or by an older version) has no scope.
 */
export class FileTokenStore implements TokenStore {
  readonly path: string
  constructor(
    private readonly dir: string = configDir(),
    private readonly scope?: string,
  ) {
    this.path = join(dir, 'token')
  }
  private read(): { token: string; scope?: string } | null {
    const raw = readOrNull(this.path)?.trim()
    if (!raw) return null
    if (!raw.startsWith('{')) return { token: raw }
    try {
      const value = JSON.parse(raw) as { token?: unknown; scope?: unknown }
      if (typeof value.token !== 'string' || value.token === '') return null
      return { token: value.token, scope: typeof value.scope === 'string' ? value.scope : undefined }
    } catch {
      return null
    }
  }
  private mine(stored: { scope?: string }): boolean {
    return stored.scope === undefined || this.scope === undefined || stored.scope === this.scope
  }
  get(): string | null {
    const stored = this.read()
    return stored && this.mine(stored) ? stored.token : null
  }
  set(token: string): void {
    writePrivate(this.dir, 'token', this.scope === undefined ? token : JSON.stringify({ token, scope: this.scope }))
  }
  /** Signs out of this scope; another server's token is left as it is. */
  clear(): void {
    const stored = this.read()
    if (stored && !this.mine(stored)) return
    rmSync(this.path, { force: true })
  }
}

/** The CLI's booking info: 'booking.json' in the config directory (0600). */
export class FileBookingStore implements BookingStore {
  readonly path: string
  constructor(private readonly dir: string = configDir()) {
    this.path = join(dir, 'booking.json')
  }
  private read(): Partial<StoredBookingInfo> {
    const raw = readOrNull(this.path)
    if (!raw) return {}
    try {
      const value: unknown = JSON.parse(raw)
      return value && typeof value === 'object' ? (value as Partial<StoredBookingInfo>) : {}
    } catch {
      return {}
    }
  }
  private write(values: Partial<StoredBookingInfo>): void {
    writePrivate(this.dir, 'booking.json', JSON.stringify(values, null, 2))
  }
  get<K extends BookingInfoKey>(key: K): StoredBookingInfo[K] | undefined {
    return this.read()[key] as StoredBookingInfo[K] | undefined
  }
  set<K extends BookingInfoKey>(key: K, value: StoredBookingInfo[K]): void {
    this.write({ ...this.read(), [key]: value })
  }
  remove(key: BookingInfoKey): void {
    const values = this.read()
    delete values[key]
    this.write(values)
  }
  clearBookingInfo(): void {
    const values = this.read()
    for (const key of SESSION_BOOKING_KEYS) delete values[key]
    this.write(values)
  }
}
