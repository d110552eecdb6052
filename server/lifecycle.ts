/**
 * installShutdown(): SIGTERM and SIGINT end the server cleanly (in-flight requests complete, then
 * exit code 0), whenever they arrive. server/main.ts installs it first, before the slow start-up
 * (database, migrations, listen): a signal then used to kill the process outright. A signal during
 * start-up is remembered; main.ts calls `checkpoint` after each step, which closes what started and
 * exits. Once the server runs, a signal closes it at once.
 */
interface Closable {
  close(): Promise<unknown>
}

export interface Shutdown {
  /** The signal received so far, if any. */
  readonly requested: NodeJS.Signals | undefined
  /** Start-up step done: if a signal came, closes `started` (if any) and exits 0 (never returns then). */
  checkpoint(started?: Closable): Promise<void>
  /** The server runs: a signal closes it at once (and one already received does so now). */
  running(app: Closable): Promise<void>
}

export function installShutdown(options: { log?: (line: string) => void } = {}): Shutdown {
  const log = options.log ?? ((line: string) => console.error(line))
  let requested: NodeJS.Signals | undefined
  let app: Closable | undefined
  let exiting: Promise<never> | undefined

  const stop = (target: Closable | undefined): Promise<never> =>
    (exiting ??= (async () => {
      let code = 0
      try {
        await target?.close()
      } catch (error) {
        log(`Closing the server failed: ${(error as Error).message}`)
        code = 1
      }
      process.exit(code)
    })())

  const onSignal = (signal: NodeJS.Signals) => {
    if (requested) {
      // A second Ctrl-C: the person wants out now.
      if (signal === 'SIGINT') process.exit(130)
      return
    }
    requested = signal
    log(`${signal}: closing the server`)
    if (app) void stop(app)
  }
  // `on`, not `once`: a repeated SIGTERM during the drain must not kill the process.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal)

  return {
    get requested() {
      return requested
    },
    async checkpoint(started) {
      if (requested) await stop(started)
    },
    async running(server) {
      app = server
      if (requested) await stop(server)
    },
  }
}
