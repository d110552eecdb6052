/**
 * A string key-value store of the device (the browser's localStorage or sessionStorage). Every call
 * succeeds: where the device refuses storage (a third-party frame with storage blocked, private
 * mode, a full quota) the values live in memory for the page's life instead.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}
