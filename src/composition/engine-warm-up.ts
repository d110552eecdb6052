// src/domain/london, not src/domain/time: that one would put date-fns-tz in the first view.
import { LONDON_TIME_ZONE } from '../domain/london'

/**
 * The browser builds some of its machinery on first use, in the task that first asks for it: in
 * chromium the first Intl.DateTimeFormat of a page costs 15-60 ms (ICU's locale and time-zone data;
 * any later one well under 1 ms) and the first navigator.userAgentData ~10 ms. react-aria asks for
 * both as its modules run and date-fns-tz on the first date it formats: on a lazy page (/step, /app)
 * that is right after the first paint, inside one long task (issue 18: Lighthouse's TBT). main.tsx
 * starts this while the first paint waits for the organisation, when the main thread has nothing else
 * to do.
 */
/** date-fns-tz's format options (getDateTimeFormat). */
const DATE_FNS_TZ_PARTS = { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const

const STEPS: readonly (() => void)[] = [
  // react-aria's default locale (useDefaultLocale) and platform checks (isMac...).
  () => Intl.DateTimeFormat.supportedLocalesOf([navigator.language]),
  () => void (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform,
  // The clinic's zone, as src/domain/time formats it.
  () => new Intl.DateTimeFormat('en-GB', { timeZone: LONDON_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(0),
  // date-fns-tz as its module runs (its hour-cycle test: en-US in New York's zone, ~5 ms) and for
  // every date it formats (en-US in the clinic's zone).
  () => new Intl.DateTimeFormat('en-US', { ...DATE_FNS_TZ_PARTS, timeZone: 'America/New_York' }).format(0),
  () => new Intl.DateTimeFormat('en-US', { ...DATE_FNS_TZ_PARTS, timeZone: LONDON_TIME_ZONE }).format(0),
]

/**
 * Each step in a task of its own (`next` runs one; a new task by default): together they were one
 * task long enough to count in Lighthouse's TBT, whose simulation often places it after the first paint.
 */
export function warmUpEngine(next: (step: () => void) => void = (step) => setTimeout(step, 0)): void {
  for (const step of STEPS) {
    next(() => {
      try {
        step()
      } catch {
        // A browser without these: nothing to prepare.
      }
    })
  }
}
