/** The server process: `node --import tsx server/main.ts` (npm start runs it). */
import { buildServer } from './app'
import { loadConfig } from './config'

const config = loadConfig()
const app = await buildServer(config)
await app.listen({ port: config.port, host: config.host })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`)
    void app.close().then(() => process.exit(0))
  })
}
