export const INLINED_SCRIPTS: string[]
export function minifyScript(name: string, code: string): string
export function minifyInlinedScripts(dir: string): void
export function minifyInlined(): { name: string }
