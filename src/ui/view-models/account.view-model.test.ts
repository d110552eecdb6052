import { describe, expect, it, vi } from 'vitest'
import * as E from 'fp-ts/Either'
import { ACCOUNT_TAB_KEY, ACCOUNT_TABS, AccountViewModel, MISSING_REQUIRED_FIELDS_TEXT, MISSING_REQUIRED_FIELDS_TITLE } from './account.view-model'
import { AppointmentsTabViewModel } from './appointments-tab.view-model'
import { CoursesTabViewModel } from './courses-tab.view-model'
import { PersonalDetailsViewModel } from './personal-details.view-model'
import { CardsViewModel } from './cards.view-model'
import { PasswordViewModel } from './password.view-model'
import { SessionWatchViewModel } from './session-watch.view-model'
import { CUSTOMER, ORGANISATION, useCase, world, sessionWatch } from './account.view-model.test-support'
import type { CurrentUser } from '../../contract/customers.codecs'
import { givenBookingState } from './booking.test-support'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'

const FULL: CurrentUser = {
  ...CUSTOMER, surname: 'Doe', title: 'Ms', gender: 'Female', dateOfBirth: '1990-05-01T12:00:00.000Z', mobilePhone: '+447700900123',
  address1: '1 High Street', city: 'London', postCode: 'SW1A 1AA', country: { value: 'GB', label: 'United Kingdom' },
}

function setup(options: { signedIn?: boolean } = {}, sessionStorage = new MemoryStorage()) {
  const w = world(options)
  const u = {
    list: useCase(() => E.right([])), cancel: useCase(() => E.right({})), get: useCase(() => E.right({})),
    org: useCase(() => E.right(ORGANISATION)), locations: useCase(() => E.right({ clinics: [] })),
    courses: useCase(() => E.right([])),
    me: useCase(() => E.right(FULL)), update: useCase((_id: string, body: object) => E.right({ customer: { ...FULL, ...body }, message: 'Data saved successfully' })),
    countries: useCase(() => E.right([{ value: 'GB', label: 'United Kingdom' }])),
    cards: useCase(() => E.right([])),
    retrieve: useCase(() => E.right({ status: 'succeeded', message: 'Success! Your payment method has been saved.', setupIntent: {} })),
    watch: useCase(() => E.right({ close: vi.fn() })), logout: useCase(() => E.right(undefined)),
  }
  const unused = useCase(() => E.left({ _tag: 'Refused', message: 'unused' }))
  const appointments = new AppointmentsTabViewModel(u.list as never, u.cancel as never, u.get as never, u.org as never, u.locations as never, w.session, w.booking, w.toasts, w.clock)
  const courses = new CoursesTabViewModel(u.courses as never, w.session, w.booking, w.navigator, w.clock, { listServices: vi.fn() } as never)
  const details = new PersonalDetailsViewModel(u.me as never, u.update as never, u.countries as never, w.session, w.toasts, w.clock)
  const cards = new CardsViewModel(u.cards as never, unused as never, unused as never, unused as never, u.retrieve as never, unused as never, w.session, w.toasts, w.navigator, unused as never)
  const password = new PasswordViewModel(unused as never, w.session, sessionWatch(w).vm)
  const watch = new SessionWatchViewModel(u.watch as never, u.logout as never, w.session, w.booking, w.navigator)
  const vm = new AccountViewModel(w.session, w.navigator, appointments, courses, details, cards, password, watch, sessionStorage)
  return { ...w, vm, u, details, cards }
}

describe('AccountViewModel', () => {
  it('has the tabs of the spec, Appointments shortened to Appts', () => {
    expect(ACCOUNT_TABS.map((t) => t.label)).toEqual(['Appointments', 'Courses', 'Personal details', 'Password', 'Log out'])
    expect(ACCOUNT_TABS[0]!.short).toBe('Appts')
    expect([MISSING_REQUIRED_FIELDS_TITLE, MISSING_REQUIRED_FIELDS_TEXT]).toEqual(['Missing required fields.', 'Fill all the required fields before proceeding'])
  })

  it('sends visitors home', async () => {
    const { vm, navigator, u } = setup({ signedIn: false })
    await vm.enter(new URLSearchParams())
    expect(navigator.last).toBe('/')
    expect(u.list.execute).not.toHaveBeenCalled()
  })

  it('waits until the current user is known', async () => {
    const { vm, navigator, session } = setup({ signedIn: false })
    session.userLoaded = false
    await vm.enter(new URLSearchParams())
    expect(navigator.paths).toEqual([])
  })

  it('loads every tab and the live socket for a customer', async () => {
    const { vm, u } = setup()
    await vm.enter(new URLSearchParams())
    expect(vm.tab).toBe('appointments')
    for (const c of [u.list, u.courses, u.me, u.cards, u.watch]) expect(c.execute).toHaveBeenCalled()
  })

  it('a reload stays on the tab chosen (this tab of the browser remembers it); Log out forgets it', async () => {
    const sessionStorage = new MemoryStorage()
    const before = setup({}, sessionStorage)
    await before.vm.enter(new URLSearchParams())
    before.vm.selectTab('courses')
    expect(sessionStorage.getItem(ACCOUNT_TAB_KEY)).toBe('courses')
    const reloaded = setup({}, sessionStorage)
    await reloaded.vm.enter(new URLSearchParams())
    expect(reloaded.vm.tab).toBe('courses')
    // Every tab is loaded all the same, the one on show first.
    for (const c of [reloaded.u.list, reloaded.u.courses, reloaded.u.me, reloaded.u.cards]) expect(c.execute).toHaveBeenCalled()
    await reloaded.vm.logout()
    expect(sessionStorage.getItem(ACCOUNT_TAB_KEY)).toBeNull()
    const again = setup({}, sessionStorage)
    await again.vm.enter(new URLSearchParams())
    expect(again.vm.tab).toBe('appointments')
  })

  it('a stored value that is no tab is ignored', async () => {
    const sessionStorage = new MemoryStorage()
    sessionStorage.setItem(ACCOUNT_TAB_KEY, 'logout')
    const { vm } = setup({}, sessionStorage)
    await vm.enter(new URLSearchParams())
    expect(vm.tab).toBe('appointments')
  })

  it('stripeRedirect forces the Personal details tab', async () => {
    const { vm } = setup()
    await vm.enter(new URLSearchParams('stripeRedirect=true'))
    expect(vm.tab).toBe('details')
  })

  it('setup_intent_client_secret opens the card setup result dialog', async () => {
    const { vm, u, cards } = setup()
    await vm.enter(new URLSearchParams('setup_intent_client_secret=sec_1'))
    expect((u.retrieve.execute.mock.calls as unknown as unknown[][])[0]![0]).toBe('sec_1')
    expect(cards.setup?.message).toBe('Success! Your payment method has been saved.')
  })

  it('switches tabs freely while personal details are unchanged', async () => {
    const { vm } = setup()
    await vm.enter(new URLSearchParams())
    vm.selectTab('details')
    vm.selectTab('password')
    expect(vm.tab).toBe('password')
    expect(vm.unsavedOpen).toBe(false)
  })

  it('leaving unsaved personal details opens the dialog; discarding leaves and restores', async () => {
    const { vm, details } = setup()
    await vm.enter(new URLSearchParams())
    vm.selectTab('details')
    details.setField('city', 'Leeds')
    vm.selectTab('courses')
    expect(vm.tab).toBe('details')
    expect(vm.unsavedOpen).toBe(true)
    vm.discardAndLeave()
    expect(vm.tab).toBe('courses')
    expect(details.form.city).toBe('London')
  })

  it('staying keeps the changes on the tab', async () => {
    const { vm, details } = setup()
    await vm.enter(new URLSearchParams())
    vm.selectTab('details')
    details.setField('city', 'Leeds')
    vm.selectTab('courses')
    vm.stay()
    expect(vm.tab).toBe('details')
    expect(details.form.city).toBe('Leeds')
  })

  it('saving from the dialog saves then leaves', async () => {
    const { vm, details, u } = setup()
    await vm.enter(new URLSearchParams())
    vm.selectTab('details')
    details.setField('city', 'Leeds')
    vm.selectTab('password')
    await vm.saveAndLeave()
    expect(u.update.execute).toHaveBeenCalled()
    expect(vm.tab).toBe('password')
  })

  it('saving from the dialog with an invalid form shows Missing required fields', async () => {
    const { vm, details, u } = setup()
    await vm.enter(new URLSearchParams())
    vm.selectTab('details')
    details.setField('city', '')
    vm.selectTab('password')
    await vm.saveAndLeave()
    expect(u.update.execute).not.toHaveBeenCalled()
    expect(vm.missingFieldsOpen).toBe(true)
    expect(vm.unsavedOpen).toBe(false)
    vm.closeMissingFields()
    expect(vm.tab).toBe('details')
    expect(details.error).toBe('The following field is required: City')
  })

  it('Log out clears the session and booking info and returns home', async () => {
    const { vm, session, booking, navigator, u } = setup()
    await vm.enter(new URLSearchParams())
    givenBookingState(booking, { mode: { kind: 'bookAgain' } })
    vm.selectTab('logout')
    await new Promise((r) => setTimeout(r, 0))
    expect(u.logout.execute).toHaveBeenCalled()
    expect(session.authenticated).toBe(false)
    expect(booking.view.isBookAgain).toBe(false)
    expect(navigator.last).toBe('/')
  })
})
