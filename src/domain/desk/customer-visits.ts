/**
 * The customer's record at the desk (issue 29): their visits split by time. Whether a visit is upcoming
 * depends on its start only, never its status: a cancelled visit of next week is an upcoming one, shown
 * with its status (Cancelled), not a past visit.
 */
interface Visit {
  readonly start: string
}

/** Upcoming (not started at `now`, soonest first) and past visits (started, newest first). */
export function splitVisits<T extends Visit>(visits: readonly T[], now: Date): { upcoming: T[]; past: T[] } {
  const startOf = (v: T) => Date.parse(v.start)
  return {
    upcoming: visits.filter((v) => startOf(v) >= now.getTime()).sort((a, b) => startOf(a) - startOf(b)),
    past: visits.filter((v) => startOf(v) < now.getTime()).sort((a, b) => startOf(b) - startOf(a)),
  }
}
