import { describe, expect, it, vi } from 'vitest'
import * as E from 'fp-ts/Either'
import { SessionWatchViewModel } from './session-watch.view-model'
import { WatchSession } from '../../application/use-cases/session.use-case'
import type { LiveEvent } from '../../application/ports/live-events.port'
import { CUSTOMER, flush, useCase, world } from './account.view-model.test-support'
import { givenBookingState } from './booking.test-support'

function setup(options: { signedIn?: boolean } = {}) {
  const w = world(options)
  const connections: { customerId: string; onLoggedOut: () => void; close: ReturnType<typeof vi.fn> }[] = []
  const watch = useCase((input: { customerId: string; onLoggedOut: () => void }) => {
    const connection = { ...input, close: vi.fn() }
    connections.push(connection)
    return E.right({ close: connection.close })
  })
  const logout = useCase(() => E.right(undefined))
  const vm = new SessionWatchViewModel(watch as never, logout as never, w.session, w.booking, w.navigator)
  return { ...w, vm, watch, logout, connections }
}

describe('SessionWatchViewModel', () => {
  it('connects the live socket for the signed-in customer, once', async () => {
    const { vm, watch } = setup()
    vm.start()
    vm.start()
    await flush()
    expect(watch.execute).toHaveBeenCalledTimes(1)
    expect(vm.connectedFor).toBe(CUSTOMER.id)
  })

  it('does not connect while signed out, and connects when a customer signs in', async () => {
    const { vm, watch, session } = setup({ signedIn: false })
    vm.start()
    await flush()
    expect(watch.execute).not.toHaveBeenCalled()
    session.signedIn({ ...CUSTOMER })
    await flush()
    expect(watch.execute).toHaveBeenCalledTimes(1)
  })

  it("a 'logout-customer' message (reported by the use case) signs out, clears the booking info and goes home", async () => {
    const { vm, session, booking, navigator, connections, sessionUseCases } = setup()
    givenBookingState(booking, { mode: { kind: 'bookAgain' } })
    vm.start()
    await flush()
    connections[0]!.onLoggedOut()
    expect(session.authenticated).toBe(false)
    expect(sessionUseCases.logout).toHaveBeenCalled()
    expect(booking.view.isBookAgain).toBe(false)
    expect(navigator.last).toBe('/')
  })

  it('closes the socket when the customer logs out', async () => {
    const { vm, connections } = setup()
    vm.start()
    await flush()
    await vm.logout()
    expect(connections[0]!.close).toHaveBeenCalled()
    expect(vm.connectedFor).toBeUndefined()
  })

  it('Log out runs the use case, clears the session and booking info and returns home', async () => {
    const { vm, logout, session, booking, navigator } = setup()
    givenBookingState(booking, { mode: { kind: 'reschedule', appointmentId: 'a1', linked: false, sources: [] } })
    await vm.logout()
    expect(logout.execute).toHaveBeenCalled()
    expect(session.user).toBeUndefined()
    expect(booking.view.isReschedule).toBe(false)
    expect(navigator.last).toBe('/')
  })

  it('does not connect while suspended and reconnects once every suspension is resumed', async () => {
    const { vm, watch, connections } = setup()
    vm.start()
    await flush()
    const resumeA = vm.suspend()
    const resumeB = vm.suspend()
    expect(connections[0]!.close).toHaveBeenCalled()
    resumeA()
    resumeA()
    await flush()
    expect(watch.execute).toHaveBeenCalledTimes(1)
    resumeB()
    await flush()
    expect(watch.execute).toHaveBeenCalledTimes(2)
    expect(vm.connectedFor).toBe(CUSTOMER.id)
  })

  it("with the real WatchSession: ignores other customers' messages and logs out on 'logout-customer' for this one", async () => {
    const w = world()
    let emit: (event: LiveEvent) => void = () => {}
    const live = { connect: vi.fn((_url: string, _token: string, onEvent: (e: LiveEvent) => void) => ((emit = onEvent), { close: vi.fn() })) }
    let token: string | null = 'tok'
    const tokens = { get: () => token, set: (t: string) => void (token = t), clear: () => void (token = null) }
    const links = useCase(() => E.right({ websocket: 'ws://x/api/ws' }))
    const logout = useCase(() => {
      tokens.clear()
      return E.right(undefined)
    })
    const watchSession = new WatchSession(live as never, tokens as never, links as never, logout as never)
    const vm = new SessionWatchViewModel(watchSession, logout as never, w.session, w.booking, w.navigator)
    vm.start()
    await flush()
    expect(live.connect).toHaveBeenCalledWith('ws://x/api/ws', 'tok', expect.any(Function))
    emit({ from: 'logout-customer', customerId: 'someone-else' })
    emit({ from: 'connected', customerId: CUSTOMER.id })
    await flush()
    expect(w.session.authenticated).toBe(true)
    emit({ from: 'logout-customer', customerId: CUSTOMER.id })
    await flush()
    expect(w.session.authenticated).toBe(false)
    expect(token).toBeNull()
    expect(w.navigator.last).toBe('/')
  })
})
