export interface Figure {
  /** Stable key in bench/previous.json. */
  id: string
  name: string
  measured: string
  target: string
  met?: boolean
}
export function recordFigure(figure: Figure): Figure & { previous: string }
export function readFigures(file: string): Array<Figure & { previous: string }>
export function summaryTable(figures: Array<Figure & { previous: string }>): string
