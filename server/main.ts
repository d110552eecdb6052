/** The server process: npm start runs it from an esbuild bundle (or with tsx when bundling fails). */
import { buildServer } from './app'
import { loadConfig } from './config'
import { startFailureMessage } from './start-failure'

const config = loadConfig()
const app = await buildServer(config).catch((error: unknown) => {
  // One clear line for the person who ran npm start (database down, unknown, or not writable).
  console.error(startFailureMessage(error, config))
  process.exit(1)
})
try {
  await app.listen({ port: config.port, host: config.host })
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') {
    console.error(`Port ${config.port} is already in use. Stop what uses it, or start on another port: PORT=${config.port + 1} npm start`)
  } else {
    console.error(`The server could not start: ${(error as Error).message}`)
  }
  await app.close().catch(() => undefined)
  process.exit(1)
}

// One plain line for the person who ran npm start (the JSON log lines are for machines).
const base = `http://localhost:${config.port}`
const hints = [`Clinic Online Booking is running at ${base}`]
if (config.seedDemo) hints.push(`demo customer: demo@example.com / Demo1234`)
if (config.env !== 'production' && !config.smtpUrl) hints.push(`mails: ${base}/api/dev/mailbox`)
console.log(`\n  ${hints.join('\n  ')}\n`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`)
    void app.close().then(() => process.exit(0))
  })
}
