/** The server process: npm start runs it from an esbuild bundle (or with tsx when bundling fails). */
import { buildServer } from './app'
import { loadConfig, type ServerConfig } from './config'
import { configFailureMessage, startFailureMessage } from './start-failure'

let config: ServerConfig
try {
  config = loadConfig()
} catch (error) {
  // One line naming the variable; nothing has been opened yet.
  console.error(configFailureMessage(error))
  process.exit(1)
}
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

// One plain line for the person who ran npm start (the JSON log lines are for machines). Production
// prints its public address only: no demo credentials, no mailbox.
if (config.env === 'production') {
  console.log(`\n  Clinic Online Booking is running at ${config.publicUrl} (port ${config.port})\n`)
} else {
  const base = `http://localhost:${config.port}`
  const hints = [`Clinic Online Booking is running at ${base}`]
  if (config.seedDemo) hints.push(`demo customer: demo@example.com / Demo1234`)
  if (!config.smtpUrl) hints.push(`mails: ${base}/api/dev/mailbox`)
  console.log(`\n  ${hints.join('\n  ')}\n`)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`)
    void app.close().then(() => process.exit(0))
  })
}
