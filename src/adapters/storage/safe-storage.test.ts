// The device's storage where the browser refuses it: a third-party frame with storage blocked (the
// getter throws a SecurityError), private modes whose calls throw, a full quota. Nothing throws, and
// the page reads back what it wrote.
import { describe, expect, it } from 'vitest'
import { SafeStorage } from './safe-storage.adapter'
import { MemoryStorage } from './in-memory.adapter'
import { LocalStorageBookingStore, LocalStorageTokenStore } from './local-storage.adapter'
import { LocalStorageStaffTokenStore } from './staff-token-store.adapter'

const denied = () => new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError')

/** A Storage whose every call throws, as some private modes do. */
class ThrowingStorage extends MemoryStorage {
  calls = 0
  override getItem(): string | null {
    this.calls += 1
    throw denied()
  }
  override setItem(): void {
    this.calls += 1
    throw denied()
  }
  override removeItem(): void {
    this.calls += 1
    throw denied()
  }
}

/** A Storage that holds `room` characters and then throws QuotaExceededError, as browsers do. */
class FullStorage extends MemoryStorage {
  constructor(private readonly room: number) {
    super()
  }
  override setItem(key: string, value: string): void {
    if (value.length > this.room) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    super.setItem(key, value)
  }
}

describe('safe storage', () => {
  it('passes through to the device when it works', () => {
    const device = new MemoryStorage()
    const storage = new SafeStorage(() => device)
    storage.setItem('a', '1')
    expect(device.getItem('a')).toBe('1')
    device.setItem('b', '2')
    expect(storage.getItem('b')).toBe('2')
    storage.removeItem('a')
    expect(device.getItem('a')).toBeNull()
    expect(storage.getItem('a')).toBeNull()
  })

  it('keeps values in memory when reading the storage itself throws (third-party frame)', () => {
    let opened = 0
    const storage = new SafeStorage(() => {
      opened += 1
      throw denied()
    })
    expect(storage.getItem('token')).toBeNull()
    storage.setItem('token', 't1')
    expect(storage.getItem('token')).toBe('t1')
    storage.removeItem('token')
    expect(storage.getItem('token')).toBeNull()
    expect(opened).toBe(1)
  })

  it('keeps values in memory when there is no storage at all', () => {
    const storage = new SafeStorage(() => undefined)
    storage.setItem('currency', '"EUR"')
    expect(storage.getItem('currency')).toBe('"EUR"')
  })

  it('keeps values in memory when every call throws (private mode)', () => {
    const device = new ThrowingStorage()
    const storage = new SafeStorage(() => device)
    expect(storage.getItem('x')).toBeNull()
    storage.setItem('x', '1')
    expect(storage.getItem('x')).toBe('1')
    storage.removeItem('x')
    expect(storage.getItem('x')).toBeNull()
    expect(device.calls).toBeGreaterThan(0)
  })

  it("a write over the quota is kept in memory and wins over the device's older value; a later write that fits goes back to the device", () => {
    const device = new FullStorage(5)
    const storage = new SafeStorage(() => device)
    storage.setItem('links', 'short')
    storage.setItem('links', 'much too long for the quota')
    expect(device.getItem('links')).toBe('short')
    expect(storage.getItem('links')).toBe('much too long for the quota')
    storage.setItem('links', 'fits')
    expect(device.getItem('links')).toBe('fits')
    expect(storage.getItem('links')).toBe('fits')
  })

  it('the stores on a refused storage keep the token, the booking info and the staff token for the page', () => {
    const storage = new SafeStorage(() => {
      throw denied()
    })
    const tokens = new LocalStorageTokenStore(storage)
    const booking = new LocalStorageBookingStore(storage)
    const staff = new LocalStorageStaffTokenStore(storage)
    tokens.set('customer')
    staff.set('staff')
    booking.set('lastClinicId', 'c1')
    booking.set('cookiesAccepted', true)
    booking.set('payingHold', { holdId: 'h1', clinic: 'c1', items: [], session: { paymentUrl: 'https://pay.example', transactionId: 't1' } })
    expect([tokens.get(), staff.get()]).toEqual(['customer', 'staff'])
    expect(booking.get('lastClinicId')).toBe('c1')
    expect(booking.get('cookiesAccepted')).toBe(true)
    expect(booking.get('payingHold')?.holdId).toBe('h1')
    booking.clearBookingInfo()
    tokens.clear()
    expect([tokens.get(), booking.get('lastClinicId'), booking.get('cookiesAccepted')]).toEqual([null, undefined, true])
  })
})
