/**
 * Time hold (spec §4 "Time hold: 5 minutes (300 seconds) after choosing a time; at expiry the
 * selection is cleared ..."; "On the confirm step ... a 5:00 countdown runs"; §2 "Countdown banner
 * 'Your appointment will be held for m:ss'"). `now` is an argument.
 */

export const HOLD_SECONDS = 300

/** The instant the hold ends. */
export function holdExpiresAt(heldAt: Date, holdSeconds = HOLD_SECONDS): Date {
  return new Date(heldAt.getTime() + holdSeconds * 1000)
}

/** Whole seconds left (rounded up), between 0 and the hold length. */
export function holdRemainingSeconds(heldAt: Date, now: Date, holdSeconds = HOLD_SECONDS): number {
  const left = Math.ceil((holdExpiresAt(heldAt, holdSeconds).getTime() - now.getTime()) / 1000)
  return Math.min(Math.max(left, 0), holdSeconds)
}

export function isHoldExpired(heldAt: Date, now: Date, holdSeconds = HOLD_SECONDS): boolean {
  return now.getTime() >= holdExpiresAt(heldAt, holdSeconds).getTime()
}

/** 'm:ss', e.g. 300 -> '5:00', 59 -> '0:59'. Negative counts as 0. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** 'Your appointment will be held for m:ss'. */
export function holdBannerText(remainingSeconds: number): string {
  return `Your appointment will be held for ${formatCountdown(remainingSeconds)}`
}

/** Sign-up mid-booking (issue 17): a hold is extended once, for up to 10 more minutes. */
export const HOLD_EXTENSION_SECONDS = 600

/**
 * The expiry of a hold extended for a new account: now + 10 minutes, never earlier than it was;
 * undefined when the hold already ended or was extended before (once per hold).
 */
export function extendedHoldExpiry(current: Date, now: Date, alreadyExtended: boolean, extensionSeconds = HOLD_EXTENSION_SECONDS): Date | undefined {
  if (alreadyExtended || current.getTime() <= now.getTime()) return undefined
  return new Date(Math.max(current.getTime(), now.getTime() + extensionSeconds * 1000))
}

/** The slot hold a booking claims, as far as its payment's hold cares: its end, and whether it was extended for a new account. */
export interface ClaimedHold {
  end: Date
  extended: boolean
}

/**
 * The end of a booking's hold while its deposit is paid: the hold's length from now, as for any unpaid
 * booking. Only the promise of a slot hold extended for a new account outlives it (sign-up, then paying,
 * must fit in it), and never by more than the extension's length from now. Any other claimed hold's end
 * is not the payment's: a waitlist offer's window (issue 32) is the time to decide, and carrying it over
 * would keep an unpaid booking's time from the next customer until the window ends.
 */
export function pendingHoldExpiry(now: Date, holdSeconds: number, claimed?: ClaimedHold, extensionSeconds = HOLD_EXTENSION_SECONDS): Date {
  const own = now.getTime() + holdSeconds * 1000
  if (!claimed?.extended) return new Date(own)
  return new Date(Math.max(own, Math.min(claimed.end.getTime(), now.getTime() + extensionSeconds * 1000)))
}

/** The length of a new hold: the one asked for (tests ask for less), never more than the configured one, at least 1 s. */
export function holdLengthSeconds(configured: number, requested?: number | null): number {
  if (requested === undefined || requested === null || !Number.isFinite(requested)) return configured
  return Math.max(1, Math.min(configured, Math.floor(requested)))
}

/** The server's hold of a picked time as the browser keeps it: its id and secret token. */
export interface HeldTimeKey {
  id: string
  token: string
}

/** The `hold` URL parameter: 'id.token' (the id is hex, the token base64url: neither has a dot). */
export function holdParam(key: HeldTimeKey): string {
  return `${key.id}.${key.token}`
}

/** `path` naming the held time `key` (its hold= set, the rest of its query kept in order); no key: `path` as it is. */
export function withHoldParam(path: string, key: HeldTimeKey | undefined): string {
  if (!key) return path
  const [pathname, search = ''] = path.split('?')
  const params = new URLSearchParams(search)
  params.set('hold', holdParam(key))
  return `${pathname}?${params.toString()}`
}

/** The key a `hold` URL parameter names; undefined when it is not one. */
export function parseHoldParam(value: string | undefined): HeldTimeKey | undefined {
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{16,})$/.exec(value ?? '')
  return match ? { id: match[1], token: match[2] } : undefined
}
