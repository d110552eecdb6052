import { describe, expect, it } from 'vitest'
import { listenFailureMessage } from './start-failure'

const inUse = (port: number) => Object.assign(new Error(`listen EADDRINUSE: address already in use 0.0.0.0:${port}`), { code: 'EADDRINUSE', port, address: '0.0.0.0' })

describe('listenFailureMessage', () => {
  it('names PORT when the public port is taken', () => {
    expect(listenFailureMessage(inUse(3000), { port: 3000 })).toBe('Port 3000 is already in use. Stop what uses it, or start on another port: PORT=3001 npm start')
  })

  it('names METRICS_PORT, not PORT, when the metrics listener cannot bind', () => {
    expect(listenFailureMessage(inUse(9464), { port: 3000, metricsPort: 9464 })).toBe(
      'Port 9464 is already in use. Stop what uses it, or start on another port: METRICS_PORT=9465 npm start',
    )
  })

  it('finds the port in a wrapped error, and gives any other failure as one line', () => {
    expect(listenFailureMessage(new Error('ready failed', { cause: inUse(9464) }), { port: 3000, metricsPort: 9464 })).toMatch(/^Port 9464 is already in use\..*METRICS_PORT=9465/)
    expect(listenFailureMessage(new Error('listen EACCES: permission denied 0.0.0.0:80\nmore'), { port: 80 })).toBe('The server could not start: listen EACCES: permission denied 0.0.0.0:80')
  })
})
