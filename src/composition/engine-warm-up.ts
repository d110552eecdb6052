/** src/domain/time's LONDON_TIME_ZONE, written out: importing it would put date-fns-tz in the first view. */
export const CLINIC_TIME_ZONE = 'Europe/London'

/**
 * The browser builds some of its machinery on first use, in the task that first asks for it: in
 * chromium the first Intl.DateTimeFormat of a page costs 15-60 ms (ICU's locale and time-zone data;
 * any later one well under 1 ms) and the first navigator.userAgentData ~10 ms. react-aria asks for
 * both as its modules run and date-fns-tz on the first date it formats: on a lazy page (/step, /app)
 * that is right after the first paint, inside one long task (issue 18: Lighthouse's TBT). main.tsx
 * calls this in a task of its own while the first paint waits for the organisation, when the main
 * thread has nothing else to do.
 */
export function warmUpEngine(): void {
  try {
    // react-aria's default locale (useDefaultLocale) and platform checks (isMac...), date-fns-tz's zone.
    Intl.DateTimeFormat.supportedLocalesOf([navigator.language])
    new Intl.DateTimeFormat('en-GB', { timeZone: CLINIC_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(0)
    // date-fns-tz as its module runs (its hour-cycle test: en-US in New York's zone, ~5 ms) and for
    // every date it formats (en-US in the clinic's zone).
    const parts = { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const
    new Intl.DateTimeFormat('en-US', { ...parts, timeZone: 'America/New_York' }).format(0)
    new Intl.DateTimeFormat('en-US', { ...parts, timeZone: CLINIC_TIME_ZONE }).format(0)
    void (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform
  } catch {
    // A browser without these: nothing to prepare.
  }
}
