/**
 * The offered start times nearest to a requested one: the latest before it and the earliest after it
 * (either may be missing). A desk time off the service's grid of start times is answered with them,
 * so the desk can pick one rather than read 'no longer available' for a free time.
 */
export function nearestStarts(starts: readonly number[], at: number): number[] {
  const before = starts.filter((s) => s < at)
  const after = starts.filter((s) => s > at)
  return [...(before.length ? [Math.max(...before)] : []), ...(after.length ? [Math.min(...after)] : [])]
}
