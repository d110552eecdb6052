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
