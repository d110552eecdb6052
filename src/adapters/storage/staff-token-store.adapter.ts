import type { TokenStore } from '../../application/ports/token-store.port'
import type { KeyValueStorage } from '../../application/ports/storage.port'

/** The localStorage key of the staff token: apart from the customer's 'token' (a staff token opens no customer call). */
export const STAFF_TOKEN_KEY = 'staffToken'

/** The browser's staff token store (the staff desk, /staff). */
export class LocalStorageStaffTokenStore implements TokenStore {
  constructor(private readonly storage: KeyValueStorage) {}
  get(): string | null {
    return this.storage.getItem(STAFF_TOKEN_KEY)
  }
  set(token: string): void {
    this.storage.setItem(STAFF_TOKEN_KEY, token)
  }
  clear(): void {
    this.storage.removeItem(STAFF_TOKEN_KEY)
  }
}
