import type { KeyValueStorage } from '../../application/ports/storage.port'

/**
 * The browser's storage that never throws. Reading `window.localStorage` itself throws a
 * SecurityError in a third-party frame with storage blocked; getItem/setItem throw in some private
 * modes and setItem throws QuotaExceededError on a full quota. Each refused write is kept in memory
 * and wins over the device's value for that key, so the page reads back what it wrote.
 */
export class SafeStorage implements KeyValueStorage {
  /** Keys whose last write the device refused: the value (null: removed) kept for the page's life. */
  private readonly memory = new Map<string, string | null>()
  private device: Storage | null | undefined

  /** `open` returns the device's storage (it may throw, or return nothing where there is none). */
  constructor(private readonly open: () => Storage | null | undefined) {}

  private storage(): Storage | null {
    if (this.device === undefined) {
      try {
        this.device = this.open() ?? null
      } catch {
        this.device = null
      }
    }
    return this.device
  }

  getItem(key: string): string | null {
    if (this.memory.has(key)) return this.memory.get(key) ?? null
    try {
      return this.storage()?.getItem(key) ?? null
    } catch {
      return null
    }
  }

  setItem(key: string, value: string): void {
    this.write(key, value, (storage) => storage.setItem(key, value))
  }

  removeItem(key: string): void {
    this.write(key, null, (storage) => storage.removeItem(key))
  }

  private write(key: string, value: string | null, apply: (storage: Storage) => void): void {
    const storage = this.storage()
    try {
      if (!storage) throw new Error('no storage')
      apply(storage)
      this.memory.delete(key)
    } catch {
      this.memory.set(key, value)
    }
  }
}

/** The browser's localStorage, safe (memory where refused or absent, as in node). */
export const safeLocalStorage = (): KeyValueStorage => new SafeStorage(() => globalThis.localStorage)
/** The browser's sessionStorage, safe. */
export const safeSessionStorage = (): KeyValueStorage => new SafeStorage(() => globalThis.sessionStorage)
