/**
 * Interval algebra on half-open [start, end) epoch-millisecond intervals: normalise (sort + merge),
 * subtract, clip, intersect and a containment lookup. Every operation on normalised input is a
 * single linear merge; only `normalize` sorts.
 *
 * Decisions: empty or inverted intervals are dropped; touching intervals ([a,b) and [b,c)) merge,
 * since a booking ending at b and one starting at b leave no free time between them.
 */
import type { Interval } from './types'

/** Sorts by start and merges overlapping or touching intervals; drops empty ones. Does not mutate. */
export function normalize(intervals: readonly Interval[]): Interval[] {
  if (isSortedByStart(intervals)) return mergeSorted(intervals)
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start || a.end - b.end)
  return mergeSorted(sorted)
}

function isSortedByStart(intervals: readonly Interval[]): boolean {
  for (let k = 1; k < intervals.length; k++) if (intervals[k].start < intervals[k - 1].start) return false
  return true
}

/** Merges intervals already sorted by start (linear). */
export function mergeSorted(sorted: readonly Interval[]): Interval[] {
  const out: Interval[] = []
  for (const i of sorted) {
    if (i.end <= i.start) continue
    const last = out[out.length - 1]
    if (last !== undefined && i.start <= last.end) {
      if (i.end > last.end) out[out.length - 1] = { start: last.start, end: i.end }
    } else {
      out.push({ start: i.start, end: i.end })
    }
  }
  return out
}

/** Alias of normalize: the union of any intervals. */
export const merge = normalize

/** a minus b; both normalised (sorted, disjoint). Linear in |a| + |b|. */
export function subtract(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = []
  let j = 0
  for (const piece of a) {
    let start = piece.start
    const end = piece.end
    while (j < b.length && b[j].end <= start) j++
    let k = j
    while (k < b.length && b[k].start < end) {
      if (b[k].start > start) out.push({ start, end: b[k].start })
      if (b[k].end > start) start = b[k].end
      if (start >= end) break
      k++
    }
    if (start < end) out.push({ start, end })
  }
  return out
}

/** a ∩ b; both normalised. Linear. */
export function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i].start, b[j].start)
    const end = Math.min(a[i].end, b[j].end)
    if (start < end) out.push({ start, end })
    if (a[i].end < b[j].end) i++
    else j++
  }
  return out
}

/** Intervals cut to the window; normalised input gives normalised output. */
export function clip(intervals: readonly Interval[], window: Interval): Interval[] {
  const out: Interval[] = []
  for (const i of intervals) {
    const start = Math.max(i.start, window.start)
    const end = Math.min(i.end, window.end)
    if (start < end) out.push({ start, end })
  }
  return out
}

/** Index of the normalised interval containing instant t, or -1 (binary search). */
export function indexContaining(sorted: readonly Interval[], t: number): number {
  let lo = 0
  let hi = sorted.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const iv = sorted[mid]
    if (t < iv.start) hi = mid - 1
    else if (t >= iv.end) lo = mid + 1
    else return mid
  }
  return -1
}

/** True when [start, end) lies inside one interval of the normalised list. */
export function covers(sorted: readonly Interval[], start: number, end: number): boolean {
  const k = indexContaining(sorted, start)
  return k >= 0 && sorted[k].end >= end
}

/** True when the two half-open intervals share any instant. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end
}
