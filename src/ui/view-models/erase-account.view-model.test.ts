import { describe, expect, it } from 'vitest'
import { InMemoryTokenStore, InMemoryBookingStore } from '../../adapters/storage/in-memory.adapter'
import { EraseMyAccount } from '../../application/use-cases/auth.use-case'
import { fake, httpFail, ok } from '../../application/use-cases/fakes.test-support'
import type { AccountApi } from '../../application/ports/account.port'
import type { ErasureReceipt } from '../../contract/privacy.routes'
import { CUSTOMER, flush, sessionWatch, world } from './account.view-model.test-support'
import { ERASE_PASSWORD_EMPTY, ERASED_TOAST, EraseAccountViewModel } from './erase-account.view-model'

const receipt: ErasureReceipt = { customerId: CUSTOMER.id, pseudonym: 'Erased customer cccccccc', appointmentsCancelled: 1, formsDeleted: 2, cardsDeleted: 0, leadsDeleted: 0, messagesDeleted: 4, invoicesKept: 1 }

function setUp(answer: Awaited<ReturnType<AccountApi['eraseMe']>>) {
  const w = world()
  const api = fake<AccountApi>().on('eraseMe', [answer])
  const tokens = new InMemoryTokenStore()
  tokens.set('the.customer.jwt')
  const store = new InMemoryBookingStore({ clinicId: 'c1' } as never)
  const watch = sessionWatch(w)
  watch.vm.start()
  const vm = new EraseAccountViewModel(new EraseMyAccount(api.port, tokens, store), w.session, watch.vm, w.booking, w.navigator, w.toasts)
  return { vm, w, api, tokens, watch }
}

describe("the customer area's 'Erase my account'", () => {
  it('asks for the password before calling the server', async () => {
    const { vm, api } = setUp(ok(receipt))
    vm.open()
    expect(vm.isOpen).toBe(true)
    await vm.confirm()
    expect(vm.error).toBe(ERASE_PASSWORD_EMPTY)
    expect(api.calls).toEqual([])
  })

  it('erases with the password typed, then ends the session here and goes home', async () => {
    const { vm, w, api, tokens, watch } = setUp(ok(receipt))
    await flush()
    expect(watch.connections).toHaveLength(1)
    vm.open()
    vm.setPassword('Secret123')
    const pending = vm.confirm()
    expect(vm.busy).toBe(true)
    // The socket is closed while the request runs: the server's 'logout-customer' cannot end the session a second time.
    expect(watch.connections[0]!.close).toHaveBeenCalled()
    await pending
    await flush()
    expect(api.calls).toEqual([{ method: 'eraseMe', args: ['Secret123'] }])
    expect(tokens.get()).toBeNull()
    expect(w.session.user).toBeUndefined()
    expect(w.navigator.last).toBe('/')
    expect(w.toasts.toasts.map((t) => t.text)).toContain(ERASED_TOAST)
    expect(vm.isOpen).toBe(false)
    expect(vm.password).toBe('')
    // Nobody is signed in: no new socket.
    expect(watch.connections).toHaveLength(1)
  })

  it("a wrong password: the server's answer in the dialog, still signed in, the socket back", async () => {
    const { vm, w, tokens, watch } = setUp(httpFail(400, 'The password is not right.'))
    await flush()
    vm.open()
    vm.setPassword('wrong')
    await vm.confirm()
    await flush()
    expect(vm.error).toBe('The password is not right.')
    expect(vm.isOpen).toBe(true)
    expect(vm.busy).toBe(false)
    expect(tokens.get()).toBe('the.customer.jwt')
    expect(w.session.user?.id).toBe(CUSTOMER.id)
    expect(w.navigator.paths).toEqual([])
    expect(watch.connections).toHaveLength(2)
    vm.close()
    expect(vm.isOpen).toBe(false)
    expect(vm.error).toBeUndefined()
  })
})
