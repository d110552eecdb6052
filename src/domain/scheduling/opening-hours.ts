import type { TimeRange, WeeklySchedule } from './london-day'

/**
 * A practitioner's weekly hours cut to the clinic's weekly opening hours: time outside them is never
 * offered. A clinic with no opening hours at all limits nothing (clinics set up before they existed);
 * once it has some, a weekday without any is a closed day. Times are 'HH:mm', so they compare as text.
 */
export function withinOpeningHours(schedule: WeeklySchedule, opening: WeeklySchedule): WeeklySchedule {
  const open = Object.values(opening).some((ranges) => ranges !== undefined && ranges.length > 0)
  if (!open) return schedule
  const cut: Record<number, TimeRange[]> = {}
  for (const [day, ranges] of Object.entries(schedule)) {
    const weekday = Number(day)
    const kept: TimeRange[] = []
    for (const r of ranges ?? []) {
      for (const o of opening[weekday] ?? []) {
        const start = r.start > o.start ? r.start : o.start
        const end = r.end < o.end ? r.end : o.end
        if (start < end) kept.push({ start, end })
      }
    }
    if (kept.length > 0) cut[weekday] = kept.sort((a, b) => a.start.localeCompare(b.start))
  }
  return cut
}
