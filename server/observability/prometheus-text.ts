/** Reads one sample of a Prometheus exposition text (tests): the value of `name` with these labels, 0 if absent. */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0
  let found = false
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line)
    if (!match || match[1] !== name) continue
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.entries(labels).every(([k, v]) => present[k] === v)) {
      total += Number(match[3])
      found = true
    }
  }
  return found ? total : 0
}

/** Whether the text has any sample of `name`. */
export function hasMetric(text: string, name: string): boolean {
  return text.split('\n').some((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
}
