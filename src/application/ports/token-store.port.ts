/** Where the signed-in customer's token lives (local storage in the browser, a 0600 file for the CLI). */
export interface TokenStore {
  get(): string | null
  set(token: string): void
  clear(): void
}
