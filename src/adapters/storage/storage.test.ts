import { afterEach, describe, expect, it } from 'vitest'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LocalStorageBookingStore, LocalStorageTokenStore } from './local-storage.adapter'
import { InMemoryBookingStore, InMemoryTokenStore, MemoryStorage } from './in-memory.adapter'
import { configDir, FileBookingStore, FileTokenStore } from './file-store.adapter'
import type { BookingStore } from '../../application/ports/booking-store.port'
import type { TokenStore } from '../../application/ports/token-store.port'

const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'clinic-store-'))
  dirs.push(d)
  return join(d, 'clinic')
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const tokenStores: [string, () => TokenStore][] = [
  ['localStorage', () => new LocalStorageTokenStore(new MemoryStorage())],
  ['memory', () => new InMemoryTokenStore()],
  ['file', () => new FileTokenStore(tempDir())],
]
const bookingStores: [string, () => BookingStore][] = [
  ['localStorage', () => new LocalStorageBookingStore(new MemoryStorage())],
  ['memory', () => new InMemoryBookingStore()],
  ['file', () => new FileBookingStore(tempDir())],
]

describe.each(tokenStores)('%s token store', (_, make) => {
  it('stores, reads and clears the token', () => {
    const store = make()
    expect(store.get()).toBeNull()
    store.set('abc')
    expect(store.get()).toBe('abc')
    store.clear()
    expect(store.get()).toBeNull()
  })
})

describe.each(bookingStores)('%s booking store', (_, make) => {
  it('keeps values and clears only the session booking info', () => {
    const store = make()
    store.set('lastClinicId', 'c1')
    store.set('currentClinic', { id: 'c1', accountName: 'Soho', address: { line1: '1 Soho Sq', city: 'London' } })
    store.set('currency', 'EUR')
    store.set('links', { websocket: 'ws://x' })
    store.set('cookiesAccepted', true)
    store.set('payingPurchase', { kind: 'giftVoucher', clinic: 'c1', courses: [], payment: { paymentUrl: '/pay/t1', transactionId: 't1', invoiceId: 'i1' } })
    expect(store.get('currentClinic')).toEqual({ id: 'c1', accountName: 'Soho', address: { line1: '1 Soho Sq', city: 'London' } })
    store.clearBookingInfo()
    expect(store.get('lastClinicId')).toBeUndefined()
    expect(store.get('currentClinic')).toBeUndefined()
    expect(store.get('payingPurchase')).toBeUndefined()
    expect(store.get('currency')).toBe('EUR')
    expect(store.get('links')).toEqual({ websocket: 'ws://x' })
    expect(store.get('cookiesAccepted')).toBe(true)
    store.remove('currency')
    expect(store.get('currency')).toBeUndefined()
  })
})

describe('local storage keys', () => {
  it("uses 'token' and reads a corrupt value as absent", () => {
    const storage = new MemoryStorage()
    new LocalStorageTokenStore(storage).set('t1')
    expect(storage.getItem('token')).toBe('t1')
    storage.setItem('currency', '{not json')
    expect(new LocalStorageBookingStore(storage).get('currency')).toBeUndefined()
  })
})

describe('file token store', () => {
  it('writes the token readable by the user only (0600)', () => {
    const dir = tempDir()
    const store = new FileTokenStore(dir)
    store.set('secret')
    expect(statSync(store.path).mode & 0o777).toBe(0o600)
    expect(readFileSync(join(dir, 'token'), 'utf8')).toBe('secret')
    store.set('other')
    expect(statSync(store.path).mode & 0o777).toBe(0o600)
  })

  it('makes an existing, more open config directory private (0700)', () => {
    const dir = tempDir()
    mkdirSync(dir, { recursive: true })
    chmodSync(dir, 0o755)
    new FileTokenStore(dir).set('secret')
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })

  it('gives a scoped token back only to the server and tenant it came from', () => {
    const dir = tempDir()
    new FileTokenStore(dir, 'http://a.example/api demo').set('secret')
    expect(statSync(join(dir, 'token')).mode & 0o777).toBe(0o600)
    expect(new FileTokenStore(dir, 'http://a.example/api demo').get()).toBe('secret')
    expect(new FileTokenStore(dir, 'http://evil.example/api demo').get()).toBeNull()
    expect(new FileTokenStore(dir, 'http://a.example/api other').get()).toBeNull()
    // Signing out of another server leaves this one's token.
    new FileTokenStore(dir, 'http://evil.example/api demo').clear()
    expect(new FileTokenStore(dir, 'http://a.example/api demo').get()).toBe('secret')
    new FileTokenStore(dir, 'http://a.example/api demo').clear()
    expect(new FileTokenStore(dir, 'http://a.example/api demo').get()).toBeNull()
  })

  it('reads a bare token (written by hand) for any scope and a corrupt file as none', () => {
    const dir = tempDir()
    new FileTokenStore(dir).set('bare')
    expect(new FileTokenStore(dir, 'http://a.example/api').get()).toBe('bare')
    writeFileSync(join(dir, 'token'), '{not json', { mode: 0o600 })
    expect(new FileTokenStore(dir, 'http://a.example/api').get()).toBeNull()
  })

  it('lives in $XDG_CONFIG_HOME/clinic, else ~/.config/clinic', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/cfg' }, '/home/u')).toBe('/x/cfg/clinic')
    expect(configDir({}, '/home/u')).toBe('/home/u/.config/clinic')
  })
})
