/**
 * Terminal styling: ANSI colours only when the stream is a TTY, --no-color was not given and NO_COLOR
 * is unset (https://no-color.org). Everything else prints plain text.
 */
export interface Style {
  readonly enabled: boolean
  bold(s: string): string
  dim(s: string): string
  red(s: string): string
  green(s: string): string
  yellow(s: string): string
}

const wrap = (enabled: boolean, open: number, close: number) => (s: string) => (enabled ? `\u001b[${open}m${s}\u001b[${close}m` : s)

export function createStyle(enabled: boolean): Style {
  return {
    enabled,
    bold: wrap(enabled, 1, 22),
    dim: wrap(enabled, 2, 22),
    red: wrap(enabled, 31, 39),
    green: wrap(enabled, 32, 39),
    yellow: wrap(enabled, 33, 39),
  }
}

/** Colour is on when the stream is a TTY, the caller allows it and NO_COLOR is unset or empty. */
export function colorWanted(isTTY: boolean, allowed: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  return isTTY && allowed && (env.NO_COLOR === undefined || env.NO_COLOR === '')
}
