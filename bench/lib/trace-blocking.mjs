// The blocking time of a page load from the trace Lighthouse recorded, counted on the tasks' wall time
// (what Lighthouse's TBT multiplies) and on their thread (CPU) time. Under load the two differ: a task
// waiting for one of the two cores grows in wall time, not in thread time, so the thread-time figure
// tells whether the page's own work changed when the machine is busy (issue 18).

/** The renderer main thread of the audited page: the one with the most tasks. */
export function mainThread(events) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const tasks = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length
  return mains.sort((a, b) => tasks(b) - tasks(a))[0]
}

/**
 * Sum of max(0, 4 x task - 50 ms) (Lighthouse's mobile CPU slowdown and long-task threshold) over the
 * main thread's tasks from FIRST_RENDER_MS before the observed first contentful paint on, from wall
 * and from thread time. An estimate: Lighthouse simulates the load, and in its simulation the task that
 * renders the first paint mostly falls after the simulated FCP, so it counts; it counts up to its
 * simulated time to interactive.
 */
const FIRST_RENDER_MS = 100

export function blockingAfterFcp(events) {
  const main = mainThread(events)
  if (!main) return undefined
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''))
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid && e.ts >= (nav?.ts ?? 0))
  if (!fcp) return undefined
  const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X' && e.ts >= fcp.ts - FIRST_RENDER_MS * 1000)
  const blocking = (us) => Math.max(0, (4 * us) / 1000 - 50)
  return {
    wall: tasks.reduce((sum, t) => sum + blocking(t.dur), 0),
    cpu: tasks.reduce((sum, t) => sum + blocking(t.tdur ?? t.dur), 0),
  }
}
