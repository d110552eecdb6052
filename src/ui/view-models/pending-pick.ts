import type { KeyValueStorage } from '../../application/ports/storage.port'
import type { BasketItem } from './booking-views'

/**
 * A picked time whose hold is on its way, kept in the tab's session storage until the server answers:
 * the URL names a time only once it is held, so a reload in between would lose the customer's choice.
 * The reload sends the pick again with the same token, which the server answers with the same hold.
 */
export interface PendingPick {
  /** the hold's token ('' for a reschedule, which holds nothing: its time is the customer's own booking's) */
  token: string
  clinic: string
  items: { service: string; practitioner: string; start: string; end: string }[]
  /** the appointment a reschedule moves: its time picked is kept until it is moved or given up */
  reschedule?: string
}
export const PENDING_PICK_KEY = 'pendingPick'

/** A hold's secret token chosen here (base64url, 192 bits): the same pick sent again gets the same hold. */
export function newHoldToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The tab's one pending pick (session storage through the safe port: missing storage keeps nothing). */
export class PendingPicks {
  constructor(private readonly storage?: KeyValueStorage) {}

  get(): PendingPick | undefined {
    try {
      const raw = this.storage?.getItem(PENDING_PICK_KEY)
      const value = raw ? (JSON.parse(raw) as Partial<PendingPick>) : undefined
      return value && typeof value.token === 'string' && typeof value.clinic === 'string' && Array.isArray(value.items) && value.items.length > 0 ? (value as PendingPick) : undefined
    } catch {
      return undefined
    }
  }

  /** The basket's times picked, kept until the hold answers (a reschedule's: until moved or given up). */
  keep(token: string, clinic: string, basket: readonly BasketItem[], reschedule?: string): void {
    const items = basket.flatMap((i) => (i.staff && i.start && i.end ? [{ service: i.service.id, practitioner: i.staff.id, start: i.start, end: i.end }] : []))
    this.storage?.setItem(PENDING_PICK_KEY, JSON.stringify({ token, clinic, items, ...(reschedule ? { reschedule } : {}) } satisfies PendingPick))
  }

  /** The pick `token` answered (held, refused, unanswered): the URL or the time step says the rest. */
  drop(token: string): void {
    if (this.get()?.token === token) this.clear()
  }

  clear(): void {
    this.storage?.removeItem(PENDING_PICK_KEY)
  }
}
