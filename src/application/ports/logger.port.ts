/** Where 'silent or logged only' failures of spec section 8 go. */
export interface Logger {
  warn(message: string, detail?: unknown): void
  error(message: string, detail?: unknown): void
}
