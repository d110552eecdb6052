import { describe, expect, it, vi } from 'vitest'
import * as E from 'fp-ts/Either'
import { followSignedInCustomer, type SessionWatchControl } from './session-watch.launcher'
import { SessionWatchViewModel } from './session-watch.view-model'
import { CUSTOMER, flush, useCase, world } from './account.view-model.test-support'
import { givenBookingState } from './booking.test-support'

function control() {
  return { start: vi.fn(), stop: vi.fn() } satisfies SessionWatchControl
}

describe('followSignedInCustomer', () => {
  it('loads nothing and starts nothing for a visitor', async () => {
    const { session } = world({ signedIn: false })
    const load = vi.fn(async () => control())
    followSignedInCustomer(session, load)
    await flush()
    expect(load).not.toHaveBeenCalled()
  })

  it('starts the live socket for the customer signed in at app start, whatever the page', async () => {
    const { session } = world()
    const watch = control()
    const load = vi.fn(async () => watch)
    followSignedInCustomer(session, load)
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    expect(watch.start).toHaveBeenCalledTimes(1)
  })

  it('starts it when the customer logs in later (the login modal of the wizard), stops it on logout, and again on the next login', async () => {
    const { session } = world({ signedIn: false })
    const watch = control()
    const load = vi.fn(async () => watch)
    followSignedInCustomer(session, load)
    session.signedIn({ ...CUSTOMER })
    await flush()
    expect(watch.start).toHaveBeenCalledTimes(1)
    session.logout()
    await flush()
    expect(watch.stop).toHaveBeenCalledTimes(1)
    session.signedIn({ ...CUSTOMER })
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    expect(watch.start).toHaveBeenCalledTimes(2)
  })

  it('does not start when the customer logged out while the modules were loading', async () => {
    const { session } = world()
    const watch = control()
    let release: () => void = () => undefined
    followSignedInCustomer(session, () => new Promise((resolve) => (release = () => resolve(watch))))
    session.logout()
    release()
    await flush()
    expect(watch.start).not.toHaveBeenCalled()
  })

  it('tries again on the next sign-in when the modules failed to load', async () => {
    const { session } = world()
    const watch = control()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(watch)
    followSignedInCustomer(session, load)
    await flush()
    expect(error).toHaveBeenCalled()
    session.logout()
    session.signedIn({ ...CUSTOMER })
    await flush()
    expect(load).toHaveBeenCalledTimes(2)
    expect(watch.start).toHaveBeenCalledTimes(1)
    error.mockRestore()
  })

  it("with the real SessionWatchViewModel: a customer who logs in on the wizard is logged out by 'logout-customer', and logging out closes the socket", async () => {
    const w = world({ signedIn: false })
    givenBookingState(w.booking, { mode: { kind: 'bookAgain' } })
    const connections: { customerId: string; onLoggedOut: () => void; close: ReturnType<typeof vi.fn> }[] = []
    const watchSession = useCase((input: { customerId: string; onLoggedOut: () => void }) => {
      const connection = { ...input, close: vi.fn() }
      connections.push(connection)
      return E.right({ close: connection.close })
    })
    const logout = useCase(() => E.right(undefined))
    const vm = new SessionWatchViewModel(watchSession as never, logout as never, w.session, w.booking, w.navigator)
    followSignedInCustomer(w.session, async () => vm)
    await flush()
    expect(watchSession.execute).not.toHaveBeenCalled()

    w.session.signedIn({ ...CUSTOMER })
    await flush()
    expect(vm.connectedFor).toBe(CUSTOMER.id)
    connections[0]!.onLoggedOut()
    await flush()
    expect(w.session.authenticated).toBe(false)
    expect(w.booking.view.isBookAgain).toBe(false)
    expect(w.navigator.last).toBe('/')

    w.session.signedIn({ ...CUSTOMER })
    await flush()
    expect(connections).toHaveLength(2)
    await vm.logout()
    await flush()
    expect(connections[1]!.close).toHaveBeenCalled()
    expect(vm.connectedFor).toBeUndefined()
    // signed out: no reconnection
    await flush()
    expect(watchSession.execute).toHaveBeenCalledTimes(2)
  })
})
