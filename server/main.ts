/** The server process: npm start runs it from an esbuild bundle (or with tsx when bundling fails). */
import { setFlagsFromString } from 'node:v8'
import { installShutdown } from './lifecycle'

// First of all: a SIGTERM during the slow start-up below must end in a clean exit, not a kill.
const shutdown = installShutdown()
// Every setting is checked before anything heavy is loaded or opened: a bad one is refused at once
// (the settings module is a small chunk of the bundle; the app and its drivers load afterwards).
const { loadConfig } = await import('./config')
const { loadProcessorConfig } = await import('./commerce/processor-config')
const { configFailureMessage, listenFailureMessage, startFailureMessage } = await import('./start-failure')

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
  // The card processor's keys (STRIPE_SECRET_KEY...) are settings too: read again by the app later.
  loadProcessorConfig()
} catch (error) {
  // One line naming the variable; nothing has been opened yet.
  console.error(configFailureMessage(error))
  process.exit(1)
}
await shutdown.checkpoint()
// Loaded after the handlers are in place and the settings are known good (the app and its drivers take a while).
const { buildServer } = await import('./app')
// Test servers only: the test support (server/test-support/server-process.ts, the browser suite's) sets
// PGLITE_SEEDED_SNAPSHOT, and an in-memory database starts from the run's migrated and seeded snapshot.
// Inside the start's promise: a snapshot that cannot be read fails the start with its one line, as any other.
const seededStart = async () => (process.env.PGLITE_SEEDED_SNAPSHOT ? (await import('./db/seeded-snapshot')).seededSnapshotStart(config) : undefined)
const app = await seededStart()
  .then((start) => buildServer(config, { start }))
  .catch(async (error: unknown) => {
    // Asked to stop while starting: not a failure.
    await shutdown.checkpoint()
    // One clear line for the person who ran npm start (database down, unknown, or not writable).
    console.error(startFailureMessage(error, config))
    process.exit(1)
  })
await shutdown.checkpoint(app)
// V8 optimises a function once it has run this much bytecode (66 KB by default): a request passes through
// hundreds of functions, and at the default a fresh server ran its first ~2,000 bookings largely
// unoptimised (BENCHMARKS.md, bookcpu3). Set now, not at the top: the start-up runs once, and optimising
// it cost ~0.3 s of CPU a start for nothing. Every start path (npm start, the image, the tests' and
// benches' servers) runs this file.
setFlagsFromString('--interrupt-budget=8192')
// TurboFan inlines callees of up to 460 bytes of bytecode by default: a request's functions are large
// graphs to compile (the compiler threads were ~40% of a fresh server's CPU over its first 1,500
// bookings). At 100 a fresh server's first 750 bookings cost ~0.9 of the default's CPU and the later
// ones the same within what was measured (BENCHMARKS.md, issue 31).
setFlagsFromString('--max-inlined-bytecode-size=100')
try {
  await app.listen({ port: config.port, host: config.host })
} catch (error) {
  await shutdown.checkpoint(app)
  // One line naming the port that is taken (PORT, or METRICS_PORT) and its variable.
  console.error(listenFailureMessage(error, config))
  await app.close().catch(() => undefined)
  process.exit(1)
}
await shutdown.running(app)

// Production logs JSON only: its start line is a log line with the public address (no demo credentials, no mailbox).
if (config.env === 'production') {
  app.log.info({ publicUrl: config.publicUrl, port: config.port }, 'Clinic Online Booking is running')
} else {
  // One plain line for the person who ran npm start (the JSON log lines are for machines).
  const base = `http://localhost:${config.port}`
  const hints = [`Clinic Online Booking is running at ${base}`]
  if (config.seedDemo) hints.push(`demo customer: demo@example.com / Demo1234`)
  if (!config.smtpUrl) hints.push(`mails: ${base}/api/dev/mailbox`)
  console.log(`\n  ${hints.join('\n  ')}\n`)
}
