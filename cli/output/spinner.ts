/**
 * A tiny spinner on stderr, drawn only when stderr is a TTY (pipes, CI logs and --json consumers see
 * nothing). `run` wraps a promise: the spinner stops (and its line is cleared) however it settles.
 */
export interface SpinnerStream {
  isTTY?: boolean
  write(chunk: string): unknown
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
const INTERVAL_MS = 80

export class Spinner {
  private timer: NodeJS.Timeout | undefined
  private frame = 0
  private text = ''
  constructor(private readonly stream: SpinnerStream) {}

  get active(): boolean {
    return this.timer !== undefined
  }

  start(text: string): this {
    this.text = text
    if (!this.stream.isTTY || this.timer) return this
    this.draw()
    this.timer = setInterval(() => this.draw(), INTERVAL_MS)
    this.timer.unref?.()
    return this
  }

  update(text: string): void {
    this.text = text
  }

  stop(): void {
    if (!this.timer) return
    clearInterval(this.timer)
    this.timer = undefined
    this.stream.write('\r\u001b[2K')
  }

  async run<T>(text: string, work: () => Promise<T>): Promise<T> {
    this.start(text)
    try {
      return await work()
    } finally {
      this.stop()
    }
  }

  private draw(): void {
    this.stream.write(`\r\u001b[2K${FRAMES[this.frame]} ${this.text}`)
    this.frame = (this.frame + 1) % FRAMES.length
  }
}
