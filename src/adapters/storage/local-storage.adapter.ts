import type { TokenStore } from '../../application/ports/token-store.port'
import {
  SESSION_BOOKING_KEYS,
  type BookingInfoKey,
  type BookingStore,
  type StoredBookingInfo,
} from '../../application/ports/booking-store.port'
import type { KeyValueStorage } from '../../application/ports/storage.port'

/** The key names in window.localStorage. */
export const STORAGE_KEYS = {
  token: 'token',
  lastClinicId: 'lastClinicId',
  currentClinic: 'currentClinic',
  currency: 'currency',
  links: 'links',
  cookiesAccepted: 'cookiesAccepted',
  analyticsConsent: 'analyticsConsent',
  payingHold: 'payingHold',
  payingPurchase: 'payingPurchase',
} as const

/** Browser token store: localStorage (through the safe port) under 'token'. */
export class LocalStorageTokenStore implements TokenStore {
  constructor(private readonly storage: KeyValueStorage) {}
  get(): string | null {
    return this.storage.getItem(STORAGE_KEYS.token)
  }
  set(token: string): void {
    this.storage.setItem(STORAGE_KEYS.token, token)
  }
  clear(): void {
    this.storage.removeItem(STORAGE_KEYS.token)
  }
}

/** Browser booking store: one JSON value per key in localStorage (through the safe port). Corrupt values read as absent. */
export class LocalStorageBookingStore implements BookingStore {
  constructor(private readonly storage: KeyValueStorage) {}
  get<K extends BookingInfoKey>(key: K): StoredBookingInfo[K] | undefined {
    const raw = this.storage.getItem(STORAGE_KEYS[key])
    if (raw === null) return undefined
    try {
      return JSON.parse(raw) as StoredBookingInfo[K]
    } catch {
      return undefined
    }
  }
  set<K extends BookingInfoKey>(key: K, value: StoredBookingInfo[K]): void {
    this.storage.setItem(STORAGE_KEYS[key], JSON.stringify(value))
  }
  remove(key: BookingInfoKey): void {
    this.storage.removeItem(STORAGE_KEYS[key])
  }
  clearBookingInfo(): void {
    for (const key of SESSION_BOOKING_KEYS) this.remove(key)
  }
}
