// date-fns-tz tests, as its module runs, whether the browser's Intl supports `hourCycle` by
// formatting a date in New York's zone: a page's first Intl.DateTimeFormat, which costs 30-45 ms of
// CPU in chromium (ICU's time-zone and locale data) in the task that evaluates the module (x4 on a
// phone: Lighthouse's TBT, issue 28). Every chunk that imports src/domain/time runs it, the wizard's
// service step among them, which formats no date before a tap. This Vite plugin makes the test
// run on the first date formatted instead (same result, memoised). A date-fns-tz whose module no
// longer reads as expected fails the build rather than keep the cost unseen.
const MODULE = /node_modules[\\/]date-fns-tz[\\/]dist[\\/]esm[\\/]_lib[\\/]tzTokenizeDate[\\/]index\.js$/
const TEST = /const testDateFormatted = (new Intl\.DateTimeFormat\([\s\S]*?\)\.format\([^)]*\)\));\s*const hourCycleSupported = ([^;]+);/

/** The module's source with its hourCycle test deferred to the first call that needs it. */
export function deferHourCycleTest(code) {
  const found = TEST.exec(code)
  if (!found) throw new Error('date-fns-tz: its hourCycle test was not found (lazy-hour-cycle.mjs needs updating)')
  const rest = code.slice(found.index + found[0].length)
  if (!/\bhourCycleSupported\b/.test(rest)) throw new Error('date-fns-tz: hourCycleSupported is no longer read (lazy-hour-cycle.mjs needs updating)')
  const lazy = `let hourCycleTested;\nconst hourCycleSupported = () => {\n  if (hourCycleTested === undefined) {\n    const testDateFormatted = ${found[1]};\n    hourCycleTested = ${found[2]};\n  }\n  return hourCycleTested;\n};`
  return code.slice(0, found.index) + lazy + rest.replace(/\bhourCycleSupported\b/g, 'hourCycleSupported()')
}

/** The Vite plugin (the browser's build only: the server's render never pays a phone's CPU). */
export function lazyHourCycle() {
  return {
    name: 'date-fns-tz-lazy-hour-cycle',
    transform(code, id) {
      return MODULE.test(id) ? { code: deferHourCycleTest(code), map: null } : undefined
    },
  }
}
