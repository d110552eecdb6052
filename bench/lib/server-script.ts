/**
 * Which server a bench starts (BENCH_SERVER): 'bundle', the bundle `npm start` and the image run
 * (dist/server/main.mjs, built now when older than its sources), without tsx; 'tsx', server/main.ts under
 * tsx (a start costs ~3 s of CPU more, and the code is not the one shipped); or the path of another
 * version's main.mjs, to compare. `fallback` when BENCH_SERVER is unset.
 */
export async function serverScript(choice: string | undefined, fallback: 'bundle' | 'tsx'): Promise<string> {
  const chosen = choice || fallback
  if (chosen === 'tsx') return 'server/main.ts'
  if (chosen !== 'bundle') return chosen
  const { serverBundle } = await import('../../server/test-support/server-bundle')
  return serverBundle()
}
