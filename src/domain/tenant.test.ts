import { describe, expect, it } from 'vitest'
import { tenantFromHost } from './tenant'

describe('tenantFromHost', () => {
  it.each([
    ['acme.booking.example.com', 'acme'],
    ['acme.booking.example.co.uk', 'acme'],
    ['ACME.booking.example.com:8443', 'acme'],
    ['acme.booking.example.com.', 'acme'],
    ['booking.example.com', 'demo'],
    ['example.com', 'demo'],
    ['localhost:3000', 'demo'],
    ['localhost', 'demo'],
    ['a.b.c.d.e.f', 'demo'],
    ['127.0.0.1:3000', 'demo'],
    ['acme..example.com', 'demo'],
    ['', 'demo'],
    [null, 'demo'],
    [undefined, 'demo'],
  ])('%s -> %s', (host, tenant) => {
    expect(tenantFromHost(host, 'demo')).toBe(tenant)
  })
})
