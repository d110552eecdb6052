import type { KeyValueStorage } from '../../application/ports/storage.port'

/**
 * One value of the booking wizard that a tab keeps in its session storage as JSON, for a reload to
 * find it (the time step, a pick whose hold is on its way, a gift voucher): the one place that reads,
 * writes and checks what is kept. Storage goes through the safe port (missing storage keeps nothing);
 * what does not parse or fails `valid` (an older shape, a hand edit) reads as nothing kept.
 */
export class KeptState<T> {
  constructor(
    private readonly key: string,
    private readonly valid: (value: unknown) => value is T,
    private readonly storage?: KeyValueStorage,
  ) {}

  read(): T | undefined {
    try {
      const raw = this.storage?.getItem(this.key)
      const value: unknown = raw ? JSON.parse(raw) : undefined
      return value !== undefined && this.valid(value) ? value : undefined
    } catch {
      return undefined
    }
  }

  write(value: T): void {
    this.storage?.setItem(this.key, JSON.stringify(value))
  }

  clear(): void {
    this.storage?.removeItem(this.key)
  }
}

/** An object (not null, not an array): the shape checks start here. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A payment begun in this tab (a gift voucher's, a course purchase's): what its payment step shows
 * again after a reload. The card's client secret is not in it (kept-card-secret.ts keeps it apart).
 */
export interface KeptPayment {
  paymentUrl: string
  transactionId: string
  invoiceId?: string
  amount?: number
}

export const isKeptPayment = (p: unknown): p is KeptPayment =>
  isRecord(p) &&
  typeof p.paymentUrl === 'string' &&
  typeof p.transactionId === 'string' &&
  (p.invoiceId === undefined || typeof p.invoiceId === 'string') &&
  (p.amount === undefined || typeof p.amount === 'number')
