type FakeTest = {
  fullName: string
  location?: { line: number }
  result(): { state: string; errors?: ReadonlyArray<unknown> } | undefined
  diagnostic(): { retryCount: number } | undefined
}
export type Problem = { kind: 'failed' | 'file' | 'unhandled' | 'retried'; where: string; name: string; error: string }
export function brief(error: unknown, root?: string): string
export function problems(
  modules: Iterable<{ moduleId: string; errors?(): ReadonlyArray<unknown>; children: { allTests(): Iterable<FakeTest> } }>,
  unhandledErrors?: ReadonlyArray<unknown>,
  root?: string,
): Problem[]
export default class FailuresReporter {
  onTestRunEnd(modules: ReadonlyArray<unknown>, unhandledErrors: ReadonlyArray<unknown>): void
}
