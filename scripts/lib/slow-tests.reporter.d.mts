export const SLOW_TEST_MS: number
export function slowTests(
  modules: Iterable<{ moduleId: string; children: { allTests(): Iterable<{ fullName: string; location?: { line: number }; diagnostic(): { duration: number } | undefined }> } }>,
  limitMs?: number,
  root?: string,
): Array<{ ms: number; where: string; name: string }>
export default class SlowTestsReporter {
  onTestRunEnd(modules: ReadonlyArray<unknown>): void
}
