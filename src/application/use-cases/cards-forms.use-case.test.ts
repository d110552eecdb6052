import { describe, expect, it, vi } from 'vitest'
import * as E from 'fp-ts/Either'
import { fake, httpFail, id, ok, unreachable } from './fakes.test-support'
import type { CardsApi } from '../ports/cards.port'
import type { FormsApi } from '../ports/forms.port'
import type { LeadsApi } from '../ports/leads.port'
import type { LiveEvent, LiveEvents } from '../ports/live-events.port'
import type { LinksApi } from '../ports/links.port'
import type { AuthApi } from '../ports/auth.port'
import type { UserForm } from '../../contract/forms.codecs'
import { AddCard, DeleteCard, RetrieveCardSetup, SetDefaultCard } from './cards.use-case'
import { LoadUserForm, SignConsentForm, SubmitFormAnswers, SubmitLead } from './forms.use-case'
import { WatchSession } from './session.use-case'
import { LoadLinks } from './catalogue.use-case'
import { Logout } from './auth.use-case'
import { ManualClock } from '../../adapters/clock/system-clock.adapter'
import { MemoryLogger } from '../../adapters/logging/console-logger.adapter'
import { InMemoryBookingStore, InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'

const card = { id: 'card_1', last_4: '4242', card_brand: 'VISA', exp_month: 12, exp_year: 2030, isDefaultCard: false }

describe('cards', () => {
  it("refuses with the spec's text when the card handler is not connected", async () => {
    const cards = fake<CardsApi>().on('isConnected', [ok({ isConnected: false }), unreachable()])
    const add = new AddCard(cards.port)
    const text = 'There was an issue connecting to our Credit card handler.'
    expect(await add.execute({ customerId: id(7), cardNonce: 'n' })).toEqual(E.left({ _tag: 'Refused', message: text }))
    expect(await add.execute({ customerId: id(7), cardNonce: 'n' })).toEqual(E.left({ _tag: 'Unreachable', message: text }))
    expect(cards.calls.map((c) => c.method)).toEqual(['isConnected', 'isConnected'])
  })

  it('adds a card, and shows the card error text', async () => {
    const cards = fake<CardsApi>()
      .on('isConnected', [ok({ isConnected: true })])
      .on('add', [ok(card), httpFail(400, 'Expiry date is not correct.'), httpFail(400, 'INVALID_CARD_NUMBER')])
    const add = new AddCard(cards.port)
    expect(await add.execute({ customerId: id(7), cardNonce: 'n', isDefaultCard: true })).toEqual(E.right(card))
    expect(cards.calls[1].args[0]).toEqual({ cardNonce: 'n', customerId: id(7), isDefaultCard: true })
    expect(await add.execute({ customerId: id(7), cardNonce: 'n' })).toEqual(E.left({ _tag: 'Refused', status: 400, message: 'Expiry date is not correct.' }))
    expect(await add.execute({ customerId: id(7), cardNonce: 'n' })).toEqual(E.left({ _tag: 'Refused', status: 400, message: 'Card number is not correct.' }))
  })

  it('deletes and sets the default card', async () => {
    const cards = fake<CardsApi>().on('remove', [ok([])]).on('setDefault', [ok([{ ...card, isDefaultCard: true }])])
    expect(await new DeleteCard(cards.port).execute(id(7), 'card_1')).toEqual(E.right([]))
    expect(await new SetDefaultCard(cards.port).execute(id(7), 'card_1')).toEqual(E.right([{ ...card, isDefaultCard: true }]))
    expect(cards.calls.map((c) => c.args)).toEqual([[id(7), ['card_1']], [id(7), 'card_1']])
  })

  it('retries a processing card setup every second and answers the outcome text', async () => {
    const intent = (status: 'processing' | 'succeeded' | 'requires_payment_method') => ok({ id: 'si', clientSecret: 's', status })
    const cards = fake<CardsApi>().on('setupIntent', [intent('processing'), intent('processing'), intent('succeeded'), intent('requires_payment_method')])
    const clock = new ManualClock()
    const retrieve = new RetrieveCardSetup(cards.port, clock)
    const onProcessing = vi.fn()
    const done = await retrieve.execute('s', { onProcessing })
    expect(E.isRight(done) && done.right.message).toBe('Success! Your payment method has been saved.')
    expect(clock.sleeps).toEqual([1000, 1000])
    expect(onProcessing).toHaveBeenCalledWith("Processing payment details. We'll update you when processing is complete.")
    const failed = await retrieve.execute('s')
    expect(E.isRight(failed) && failed.right.message).toBe('Failed to process payment details. Please try another payment method.')
  })
})

describe('forms', () => {
  const form = (type: UserForm['type'], isSigned = false): UserForm => ({
    id: id(40), type, isSigned, isUpdated: false, model: { name: 'F', fields: [] }, customer: { id: id(7), firstName: 'Ann', surname: 'Lee' },
  })
  it("loads a form; not found and already signed give the spec's texts", async () => {
    const forms = fake<FormsApi>().on('userForm', [ok(form('medical')), httpFail(404, 'Form not found.'), ok(form('consent', true))])
    const load = new LoadUserForm(forms.port)
    expect(await load.execute(id(40), 'pw')).toEqual(E.right(form('medical')))
    expect(forms.calls[0].args).toEqual([id(40), 'pw'])
    expect(await load.execute(id(40))).toEqual(E.left({ _tag: 'Refused', status: 404, message: 'Form not found. Redirecting to home page' }))
    expect(await load.execute(id(40))).toEqual(E.left({ _tag: 'Refused', message: 'Consent form already signed. Redirecting to home page' }))
  })

  it('a missing or wrong password (401) is not "Form not found": the page can ask for the password', async () => {
    const forms = fake<FormsApi>().on('userForm', [
      httpFail(401, 'The password for this form is not correct.'),
      httpFail(401),
      unreachable(),
      httpFail(500),
    ])
    const load = new LoadUserForm(forms.port)
    expect(await load.execute(id(40))).toEqual(E.left({ _tag: 'Refused', status: 401, message: 'The password for this form is not correct.' }))
    expect(await load.execute(id(40), 'wrong')).toEqual(E.left({ _tag: 'Refused', status: 401, message: 'The password for this form is not correct.' }))
    expect(await load.execute(id(40))).toEqual(E.left({ _tag: 'Unreachable', message: 'Form not found. Redirecting to home page' }))
    expect(await load.execute(id(40))).toEqual(E.left({ _tag: 'Refused', status: 500, message: 'Form not found. Redirecting to home page' }))
  })

  it("signs and submits; a failure says the server's message or 'Something went wrong'", async () => {
    const forms = fake<FormsApi>().on('sign', [ok({}), httpFail(500)]).on('update', [ok({}), httpFail(400, 'field Allergies is required')])
    const sign = new SignConsentForm(forms.port)
    const submit = new SubmitFormAnswers(forms.port)
    expect(await sign.execute(id(40), 'data:image/png;base64,AA')).toEqual(E.right('Thank you for completing your form.'))
    expect(await sign.execute(id(40), 'data:image/png;base64,AA', 'pw')).toEqual(E.left({ _tag: 'Refused', status: 500, message: 'Something went wrong' }))
    expect(forms.calls[1].args).toEqual([id(40), { signature: 'data:image/png;base64,AA', password: 'pw' }])
    expect(await submit.execute(id(40), { f1: 'x' })).toEqual(E.right('Thank you for completing your form.'))
    expect(await submit.execute(id(40), {})).toEqual(E.left({ _tag: 'Refused', status: 400, message: 'field Allergies is required' }))
  })
})

describe('SubmitLead', () => {
  it("sends the lead, and any failure says \"Sorry, your lead couldn't be created.\"", async () => {
    const lead = { id: id(50), status: 'Open' as const, firstName: 'Ann', surname: 'Lee', email: 'a@b.co' }
    const leads = fake<LeadsApi>().on('create', [ok(lead), httpFail(400, 'Email is required'), unreachable()])
    const submit = new SubmitLead(leads.port)
    expect(await submit.execute({ firstName: ' Ann', surname: 'Lee ', email: ' A@B.co' })).toEqual(E.right(lead))
    expect(leads.calls[0].args[0]).toEqual({ firstName: 'Ann', surname: 'Lee', email: 'a@b.co' })
    const text = "Sorry, your lead couldn't be created."
    expect(await submit.execute({ firstName: 'A', surname: 'B', email: 'c' })).toEqual(E.left({ _tag: 'Refused', status: 400, message: text }))
    expect(await submit.execute({ firstName: 'A', surname: 'B', email: 'c' })).toEqual(E.left({ _tag: 'Unreachable', message: text }))
  })
})

describe('WatchSession', () => {
  it("logs the customer out on a 'logout-customer' message for them only", async () => {
    let deliver: (e: LiveEvent) => void = () => {}
    const close = vi.fn()
    const live: LiveEvents = {
      connect: vi.fn((_url: string, _token: string, onEvent: (e: LiveEvent) => void) => {
        deliver = onEvent
        return { close }
      }),
    }
    const tokens = new InMemoryTokenStore('jwt')
    const store = new InMemoryBookingStore({ lastClinicId: id(1) })
    const links = fake<LinksApi>().on('links', [ok({ websocket: 'ws://clinic/ws' })])
    const watch = new WatchSession(live, tokens, new LoadLinks(links.port, store, new MemoryLogger()), new Logout(fake<AuthApi>().on('logout', [httpFail(401)]).port, tokens, store))
    const onLoggedOut = vi.fn()
    expect(E.isRight(await watch.execute({ customerId: id(7), onLoggedOut }))).toBe(true)
    expect(live.connect).toHaveBeenCalledWith('ws://clinic/ws', 'jwt', expect.any(Function))
    deliver({ from: 'logout-customer', customerId: id(8) })
    deliver({ from: 'other', customerId: id(7) })
    expect(tokens.get()).toBe('jwt')
    deliver({ from: 'logout-customer', customerId: id(7) })
    await vi.waitFor(() => expect(onLoggedOut).toHaveBeenCalled())
    expect(tokens.get()).toBeNull()
    expect(store.get('lastClinicId')).toBeUndefined()
    expect(close).toHaveBeenCalled()
  })

  function watching(token: string) {
    const sockets: { token: string; deliver: (e: LiveEvent) => void; close: ReturnType<typeof vi.fn> }[] = []
    const live: LiveEvents = {
      connect: vi.fn((_url: string, socketToken: string, onEvent: (e: LiveEvent) => void) => {
        const socket = { token: socketToken, deliver: onEvent, close: vi.fn() }
        sockets.push(socket)
        return { close: socket.close }
      }),
    }
    const tokens = new InMemoryTokenStore(token)
    const store = new InMemoryBookingStore({ lastClinicId: id(1) })
    const links = fake<LinksApi>().on('links', [ok({ websocket: 'ws://clinic/ws' })])
    const watch = new WatchSession(live, tokens, new LoadLinks(links.port, store, new MemoryLogger()), new Logout(fake<AuthApi>().on('logout', [httpFail(401)]).port, tokens, store))
    return { sockets, tokens, store, watch }
  }
  const logoutEvent = { from: 'logout-customer', customerId: id(7) }

  it('after this session changed the password (a newer token stored), follows the new token instead of logging out', async () => {
    const { sockets, tokens, store, watch } = watching('old')
    const onLoggedOut = vi.fn()
    expect(E.isRight(await watch.execute({ customerId: id(7), onLoggedOut }))).toBe(true)
    // ChangePassword (here or in another tab sharing the token) stored the new token; the server then
    // tells the sockets of the old token.
    tokens.set('fresh')
    sockets[0].deliver(logoutEvent)
    await new Promise((r) => setTimeout(r, 0))
    expect(onLoggedOut).not.toHaveBeenCalled()
    expect(tokens.get()).toBe('fresh')
    expect(store.get('lastClinicId')).toBe(id(1))
    expect(sockets[0].close).toHaveBeenCalled()
    expect(sockets.map((s) => s.token)).toEqual(['old', 'fresh'])
    // A late message on the old socket changes nothing; one on the new socket (another session
    // changed the password since) logs out.
    sockets[0].deliver(logoutEvent)
    expect(sockets).toHaveLength(2)
    sockets[1].deliver(logoutEvent)
    await vi.waitFor(() => expect(onLoggedOut).toHaveBeenCalledTimes(1))
    expect(tokens.get()).toBeNull()
    expect(sockets[1].close).toHaveBeenCalled()
  })

  it('ignores messages after close', async () => {
    const { sockets, tokens, watch } = watching('jwt')
    const onLoggedOut = vi.fn()
    const connection = await watch.execute({ customerId: id(7), onLoggedOut })
    if (E.isLeft(connection)) throw new Error('not connected')
    connection.right.close()
    expect(sockets[0].close).toHaveBeenCalled()
    sockets[0].deliver(logoutEvent)
    await new Promise((r) => setTimeout(r, 0))
    expect(onLoggedOut).not.toHaveBeenCalled()
    expect(tokens.get()).toBe('jwt')
  })

  it('does not connect when signed out', async () => {
    const live: LiveEvents = { connect: vi.fn() }
    const store = new InMemoryBookingStore()
    const tokens = new InMemoryTokenStore()
    const watch = new WatchSession(live, tokens, new LoadLinks(fake<LinksApi>().port, store, new MemoryLogger()), new Logout(fake<AuthApi>().on('logout', [httpFail(401)]).port, tokens, store))
    expect(E.isLeft(await watch.execute({ customerId: id(7), onLoggedOut: () => {} }))).toBe(true)
    expect(live.connect).not.toHaveBeenCalled()
  })
})
