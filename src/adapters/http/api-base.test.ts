import { describe, expect, it } from 'vitest'
import { apiBaseOf } from './api-base'

describe('apiBaseOf', () => {
  it("is '/api' on the page's origin in the browser, unless configured", () => {
    expect(apiBaseOf('', { host: 'localhost:3000' })).toBe('/api')
    expect(apiBaseOf('', { configured: ' ', host: 'localhost:3000' })).toBe('/api')
  })

  it('lets a configured base name the tenant from the host', () => {
    expect(apiBaseOf('', { configured: 'https://{tenant}.api.example/api', host: 'acme.booking.clinic.example' })).toBe('https://acme.api.example/api')
    expect(apiBaseOf('', { configured: 'https://{tenant}.api.example/api', host: 'localhost' })).toBe('https://demo.api.example/api')
  })

  it("is the server's address plus '/api' in the CLI, trailing slashes dropped", () => {
    expect(apiBaseOf('http://localhost:3000//')).toBe('http://localhost:3000/api')
  })
})
