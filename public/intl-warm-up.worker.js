// Runs on a worker thread, for public/first-view-boot.js (issue 28): chromium builds its Intl machinery
// (ICU's locale and time-zone data) once per page process, on first use, in the thread that first asks.
// On the main thread that first use was one task of 150-290 ms of CPU on this loaded machine (react-aria's
// default locale, as its modules run; then the first date formatted): here it costs the page nothing,
// and the main thread's first use afterwards takes under 1 ms.
try {
  Intl.DateTimeFormat.supportedLocalesOf([navigator.language])
  new Intl.Locale(navigator.language).maximize()
  // The clinic's zone as src/domain/time and date-fns-tz format it (their options: a second format is cheap).
  const parts = { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }
  new Intl.DateTimeFormat('en-US', { ...parts, timeZone: 'Europe/London' }).format(0)
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(0)
} catch {
  // no Intl (or part of it): nothing to prepare
}
postMessage('warm')
