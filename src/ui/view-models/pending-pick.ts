import type { KeyValueStorage } from '../../application/ports/storage.port'
import type { BasketItem } from './booking-views'
import { isRecord, KeptState } from './kept-state'

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

const isPendingPick = (v: unknown): v is PendingPick => isRecord(v) && typeof v.token === 'string' && typeof v.clinic === 'string' && Array.isArray(v.items) && v.items.length > 0

/** The tab's one pending pick (session storage through the safe port: missing storage keeps nothing). */
export class PendingPicks {
  private readonly kept: KeptState<PendingPick>

  constructor(storage?: KeyValueStorage) {
    this.kept = new KeptState(PENDING_PICK_KEY, isPendingPick, storage)
  }

  get(): PendingPick | undefined {
    return this.kept.read()
  }

  /** The basket's times picked, kept until the hold answers (a reschedule's: until moved or given up). */
  keep(token: string, clinic: string, basket: readonly BasketItem[], reschedule?: string): void {
    const items = basket.flatMap((i) => (i.staff && i.start && i.end ? [{ service: i.service.id, practitioner: i.staff.id, start: i.start, end: i.end }] : []))
    this.kept.write({ token, clinic, items, ...(reschedule ? { reschedule } : {}) })
  }

  /** The pick `token` answered (held, refused, unanswered): the URL or the time step says the rest. */
  drop(token: string): void {
    if (this.get()?.token === token) this.clear()
  }

  clear(): void {
    this.kept.clear()
  }
}
