/**
 * A small aligned-table formatter for human output: a header row, a rule, then the rows. Columns
 * are as wide as their widest cell; numbers (and money) can be right-aligned. Width is counted in
 * code points so '£' and 'é' take one column.
 */
export interface Column<Row> {
  header: string
  value: (row: Row) => string
  align?: 'left' | 'right'
}

const width = (s: string) => [...stripAnsi(s)].length

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g
export const stripAnsi = (s: string): string => s.replace(ANSI, '')

function pad(cell: string, size: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, size - width(cell)))
  return align === 'right' ? fill + cell : cell + fill
}

/** Renders rows as an aligned table; '' for no rows unless `empty` is given. Lines carry no trailing spaces. */
export function formatTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[], options: { empty?: string; gap?: number; header?: (s: string) => string } = {}): string {
  if (rows.length === 0) return options.empty ?? ''
  const cells = rows.map((row) => columns.map((c) => oneLine(c.value(row))))
  const widths = columns.map((c, i) => Math.max(width(c.header), ...cells.map((r) => width(r[i]))))
  const gap = ' '.repeat(options.gap ?? 2)
  const line = (values: string[]) =>
    values
      .map((v, i) => pad(v, widths[i], columns[i].align ?? 'left'))
      .join(gap)
      .replace(/\s+$/, '')
  const headerLine = line(columns.map((c) => c.header))
  const rule = widths.map((w) => '-'.repeat(w)).join(gap)
  return [options.header ? options.header(headerLine) : headerLine, rule, ...cells.map(line)].join('\n')
}

/** Renders label/value pairs as two aligned columns ('Name:   Glow'). */
export function formatPairs(pairs: readonly (readonly [string, string | undefined])[]): string {
  const shown = pairs.filter((p): p is readonly [string, string] => p[1] !== undefined && p[1] !== '')
  const size = Math.max(0, ...shown.map(([label]) => width(label) + 1))
  // an empty label continues the previous one (a second value under the same heading)
  return shown.map(([label, value]) => `${pad(label === '' ? '' : `${label}:`, size, 'left')}  ${oneLine(value)}`).join('\n')
}

const oneLine = (s: string) => s.replace(/\s*\r?\n\s*/g, ' ')
