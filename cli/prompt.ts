/**
 * Interactive questions on stderr (stdout stays clean for --json), answered on stdin through one
 * node:readline interface for the whole run (so piped answers are not lost between questions).
 * Hidden answers (passwords) are not echoed.
 */
import { createInterface, type Interface } from 'node:readline/promises'
import { Writable } from 'node:stream'

export interface PromptIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  stderr: { write(chunk: string): unknown; isTTY?: boolean }
}

/**
 * Ctrl-C typed at a terminal: readline keeps stdin in raw mode, so the keys are no signal and, with
 * no listener, readline only pauses. Raise the signal instead, so Ctrl-C works as everywhere else
 * (it ends the CLI, or lets the payment wait release the hold), even after the last question.
 */
const raiseSigint = () => {
  process.kill(process.pid, 'SIGINT')
}

export interface Choice<T> {
  label: string
  value: T
}

export class Prompter {
  private rl: Interface | undefined
  private muted = false
  private readonly lines: string[] = []
  private waiting: ((line: string | undefined) => void) | undefined
  private closed = false

  constructor(
    private readonly io: PromptIo,
    private readonly onInterrupt: () => void = raiseSigint,
  ) {}

  private ensure(): void {
    if (this.rl) return
    const stderr = this.io.stderr
    const output = new Writable({
      write: (chunk, _encoding, callback) => {
        if (!this.muted) stderr.write(String(chunk))
        callback()
      },
    })
    this.rl = createInterface({ input: this.io.stdin, output, terminal: Boolean(this.io.stdin.isTTY) })
    this.rl.on('line', (line) => {
      if (this.waiting) {
        const resolve = this.waiting
        this.waiting = undefined
        resolve(line)
      } else this.lines.push(line)
    })
    this.rl.on('SIGINT', () => {
      if (this.io.stdin.isTTY) this.io.stderr.write('\n')
      this.onInterrupt()
    })
    this.rl.on('close', () => {
      this.closed = true
      this.waiting?.(undefined)
      this.waiting = undefined
    })
  }

  private nextLine(): Promise<string | undefined> {
    this.ensure()
    const buffered = this.lines.shift()
    if (buffered !== undefined) return Promise.resolve(buffered)
    if (this.closed) return Promise.resolve(undefined)
    return new Promise((resolve) => (this.waiting = resolve))
  }

  /** Asks one question; the answer trimmed. Throws when stdin ends first. */
  async ask(question: string, options: { hidden?: boolean; defaultValue?: string; silent?: boolean } = {}): Promise<string> {
    const suffix = options.defaultValue ? ` [${options.defaultValue}]` : ''
    if (!options.silent) this.io.stderr.write(`${question}${suffix}: `)
    this.muted = Boolean(options.hidden)
    const line = await this.nextLine()
    if (options.hidden) {
      this.muted = false
      if (this.io.stdin.isTTY) this.io.stderr.write('\n')
    }
    // a piped answer is not echoed: end the question's line, so what follows starts on its own
    if (!this.io.stdin.isTTY && !options.silent && line !== undefined) this.io.stderr.write('\n')
    if (line === undefined) throw new Error('No answer: input ended.')
    const answer = line.trim()
    return answer === '' && options.defaultValue !== undefined ? options.defaultValue : answer
  }

  /** A numbered list; the answer is a number of the list (or a label). Asks again on a bad answer. */
  async choose<T>(question: string, choices: readonly Choice<T>[]): Promise<T> {
    if (choices.length === 0) throw new Error(`Nothing to choose for: ${question}`)
    const width = String(choices.length).length
    choices.forEach((c, i) => this.io.stderr.write(`  ${String(i + 1).padStart(width)}) ${c.label}\n`))
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await this.ask(question)
      const index = Number(answer)
      if (Number.isInteger(index) && index >= 1 && index <= choices.length) return choices[index - 1].value
      const byLabel = choices.find((c) => c.label.toLowerCase() === answer.toLowerCase())
      if (byLabel) return byLabel.value
      this.io.stderr.write(`Please answer a number from 1 to ${choices.length}.\n`)
    }
    throw new Error(`No valid answer for: ${question}`)
  }

  async confirm(question: string): Promise<boolean> {
    const answer = await this.ask(`${question} (y/N)`)
    return /^y(es)?$/i.test(answer)
  }

  close(): void {
    this.rl?.close()
    this.rl = undefined
  }
}
