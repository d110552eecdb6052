import type { TokenStore } from '../../application/ports/token-store.port'
import {
  SESSION_BOOKING_KEYS,
  type BookingInfoKey,
  type BookingStore,
  type StoredBookingInfo,
} from '../../application/ports/booking-store.port'

/** Token store for tests and one-shot scripts. */
export class InMemoryTokenStore implements TokenStore {
  constructor(private token: string | null = null) {}
  get(): string | null {
    return this.token
  }
  set(token: string): void {
    this.token = token
  }
  clear(): void {
    this.token = null
  }
}

/** Booking store for tests and one-shot scripts. */
export class InMemoryBookingStore implements BookingStore {
  private readonly values: Partial<StoredBookingInfo>
  constructor(initial: Partial<StoredBookingInfo> = {}) {
    this.values = { ...initial }
  }
  get<K extends BookingInfoKey>(key: K): StoredBookingInfo[K] | undefined {
    return this.values[key] as StoredBookingInfo[K] | undefined
  }
  set<K extends BookingInfoKey>(key: K, value: StoredBookingInfo[K]): void {
    this.values[key] = value
  }
  remove(key: BookingInfoKey): void {
    delete this.values[key]
  }
  clearBookingInfo(): void {
    for (const key of SESSION_BOOKING_KEYS) this.remove(key)
  }
}

/** A minimal window.Storage in memory, to exercise the localStorage adapters without a browser. */
export class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>()
  get length(): number {
    return this.map.size
  }
  clear(): void {
    this.map.clear()
  }
  getItem(key: string): string | null {
    return this.map.has(key) ? (this.map.get(key) as string) : null
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string): void {
    this.map.delete(key)
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value))
  }
}
