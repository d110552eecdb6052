// The browser composition root, in the ui vitest project (jsdom): every binding of the container
// resolves, the first view's at once and the rest after the lazy modules load.
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { Container } from 'inversify'
import { createBrowserContainer } from './browser.container'
import { browserAdaptersModule } from '../adapters/browser-adapters.module'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { firstViewModelClasses, firstViewModule, firstViewUseCaseClasses, firstViewUseCasesModule } from './first-view.module'
import { lazyViewModelClasses } from './lazy.module'
import { accountViewModelClasses } from './lazy-account.module'
import { environmentOf, webConfigOf } from './browser-services'
import { createFetchTransport, type Fetcher } from '../adapters/http/fetch-transport'
import { flattenCategories, toServiceView } from '../ui/view-models/catalogue-views'
import { durationText } from '../ui/view-models/catalogue-views'
import { PORTS } from '../application/tokens'
import { useCaseClasses } from '../application/application.module'
import { WEB_CONFIG } from '../ui/view-models/views'
import { NAVIGATOR } from '../ui/view-models/app-services'
import { AccountViewModel } from '../ui/view-models/account.view-model'
import { PersonalDetailsViewModel } from '../ui/view-models/personal-details.view-model'
import { callRoute } from '../adapters/http/api-client'
import { getPublicClinics } from '../contract/clinics.routes'
import { LocalStorageBookingStore } from '../adapters/storage/local-storage.adapter'
import { SelectLocation } from '../application/use-cases/catalogue.use-case'
import { ConfirmBooking } from '../application/use-cases/confirm-booking.use-case'
import { BookingViewModel } from '../ui/view-models/booking.view-model'
import { LazyBooking } from '../ui/view-models/lazy-booking.view-model'

describe('browser container', () => {
  it('resolves the first view at once and every token after prepare()', async () => {
    const { resolver: container, prepare } = createBrowserContainer()
    for (const token of [WEB_CONFIG, PORTS.Clock, NAVIGATOR, PORTS.TokenStore, PORTS.BookingStore, PORTS.HttpClient]) {
      expect(container.get(token)).toBeDefined()
    }
    for (const vm of firstViewModelClasses) expect(container.get(vm as never)).toBeInstanceOf(vm)
    for (const useCase of firstViewUseCaseClasses) expect(container.get(useCase as never)).toBeInstanceOf(useCase)
    expect(() => container.get(ConfirmBooking)).toThrow('ConfirmBooking is bound once the lazy modules have loaded')
    expect(() => container.get(PORTS.PaymentsApi)).toThrow()
    // The booking wizard loads with the first tap on a clinic, not with the first view.
    expect(() => container.get(BookingViewModel)).toThrow()
    expect(container.get(LazyBooking).current).toBeUndefined()
    const firstView = [...firstViewModelClasses, ...firstViewUseCaseClasses, LazyBooking, WEB_CONFIG, NAVIGATOR, ...Object.values(PORTS)]
    const before = new Map(firstView.flatMap((token) => { try { return [[token, container.get(token as never)]] } catch { return [] } }))
    await prepare()
    await prepare()
    for (const [name, useCase] of Object.entries(useCaseClasses)) expect(container.get(useCase as never), name).toBeInstanceOf(useCase)
    for (const token of Object.values(PORTS)) expect(container.get(token), String(token)).toBeDefined()
    for (const vm of [...lazyViewModelClasses, ...accountViewModelClasses]) expect(container.get(vm as never)).toBeInstanceOf(vm)
    expect(container.get(AccountViewModel).details).toBe(container.get(PersonalDetailsViewModel))
    // The container took the first view's objects: the pages hold the same session, list and stores.
    for (const [token, made] of before) expect(container.get(token as never), String(token)).toBe(made)
    expect(container.get(SessionViewModel)).toBe(before.get(SessionViewModel))
    // The wizard a step page made is the one the location list reads and loads.
    const wizard = container.get(BookingViewModel)
    expect(container.get(LazyBooking).current).toBe(wizard)
    expect(await container.get(LazyBooking).load()).toBe(wizard)
  })

  it("prepareWizard() binds the wizard's view models without the customer area's; prepare() adds those", async () => {
    const { resolver, prepare, prepareWizard } = createBrowserContainer()
    await prepareWizard()
    for (const vm of lazyViewModelClasses) expect(resolver.get(vm as never)).toBeInstanceOf(vm)
    expect(resolver.get(ConfirmBooking)).toBeInstanceOf(ConfirmBooking)
    expect(() => resolver.get(AccountViewModel)).toThrow()
    const wizard = resolver.get(BookingViewModel)
    await prepare()
    for (const vm of accountViewModelClasses) expect(resolver.get(vm as never)).toBeInstanceOf(vm)
    // One container: the wizard made before is the one the customer area's view models get.
    expect(resolver.get(BookingViewModel)).toBe(wizard)
  })

  it("prepareAccount() binds the customer area's view models and the wizard's state without the wizard's steps; prepare() adds those", async () => {
    const { resolver, prepare, prepareAccount } = createBrowserContainer()
    await prepareAccount()
    for (const vm of accountViewModelClasses) expect(resolver.get(vm as never)).toBeInstanceOf(vm)
    expect(resolver.get(BookingViewModel)).toBeInstanceOf(BookingViewModel)
    expect(() => resolver.get(lazyViewModelClasses[0] as never)).toThrow()
    await prepare()
    for (const vm of lazyViewModelClasses) expect(resolver.get(vm as never)).toBeInstanceOf(vm)
  })

  it('makes the first view as the container would: the same classes in every constructor parameter', () => {
    const { resolver } = createBrowserContainer()
    const reference = new Container()
    reference.load(browserAdaptersModule(), firstViewModule({ config: resolver.get(WEB_CONFIG), http: {}, loadBooking: () => Promise.reject(new Error('none')) }), firstViewUseCasesModule)
    for (const token of [...firstViewModelClasses, ...firstViewUseCaseClasses, LazyBooking, PORTS.CatalogueApi, PORTS.LinksApi, PORTS.AuthApi, PORTS.TokenStore, PORTS.BookingStore]) {
      expect(shapeOf(resolver.get(token as never)), String(token)).toEqual(shapeOf(reference.get(token as never)))
    }
  })
})

/** What an object was made of: each field's class, two levels down (a mis-wired parameter shows as another class). */
function shapeOf(value: unknown, depth = 2): unknown {
  if (typeof value !== 'object' || value === null) return typeof value
  const fields = Object.entries(value).filter(([, field]) => typeof field === 'object' && field !== null)
  return { class: value.constructor.name, ...(depth > 0 ? Object.fromEntries(fields.map(([key, field]) => [key, shapeOf(field, depth - 1)])) : {}) }
}

describe('browser services', () => {
  it('environment: local on localhost, staging on a staging host, else production', () => {
    expect(environmentOf('localhost:3000')).toBe('local')
    expect(environmentOf('127.0.0.1:5173')).toBe('local')
    expect(environmentOf('demo.staging.clinic.example.com')).toBe('staging')
    expect(environmentOf('demo.booking.clinic.example.com')).toBe('production')
    expect(environmentOf('localhost', 'production')).toBe('production')
  })

  it('hold length 300 s unless the test hook or VITE_HOLD_SECONDS says otherwise', () => {
    expect(webConfigOf({ host: 'x.example', env: {} }).holdSeconds).toBe(300)
    expect(webConfigOf({ host: 'x.example', env: {}, storage: { getItem: () => '20' } }).holdSeconds).toBe(20)
    expect(webConfigOf({ host: 'x.example', env: { VITE_HOLD_SECONDS: '45' } }).holdSeconds).toBe(45)
  })

  it('the stored clinic keeps its whole address and position, in the contract shape (the thank-you page after a reload)', async () => {
    localStorage.clear()
    const address = { line1: '1 Harley St', line2: 'Floor 2', city: 'London', postCode: 'W1G 9QD', country: 'GB', latitude: 51.52, longitude: -0.147 }
    await new SelectLocation(new LocalStorageBookingStore(localStorage)).execute({ id: 'c1', accountName: 'Harley', address })
    const again = new LocalStorageBookingStore(localStorage)
    expect(again.get('lastClinicId')).toBe('c1')
    expect(again.get('currentClinic')).toEqual({ id: 'c1', accountName: 'Harley', address })
  })
})

describe('fetch transport of the browser', () => {
  it('sends the stored token and decodes through the contract', async () => {
    const seen: { url: string; headers: Record<string, string> }[] = []
    const fetcher = (async (url: string, init: RequestInit) => {
      seen.push({ url, headers: init.headers as Record<string, string> })
      return new Response(JSON.stringify([{ id: '0a0000000000000000000002', accountName: 'Harley', address: { line1: '1', city: 'London' } }]), { status: 200 })
    }) satisfies Fetcher
    const http = createFetchTransport({ baseUrl: '/api' }, { get: () => 'tok', set: () => undefined, clear: () => undefined }, fetcher)
    const result = await callRoute(http, getPublicClinics)
    expect(E.isRight(result) && result.right[0].accountName).toBe('Harley')
    expect(seen[0].url).toBe('/api/public-clinics')
    expect(seen[0].headers.Authorization).toBe('Bearer tok')
  })

  it("a 4xx is the server's message", async () => {
    const fetcher: Fetcher = async () => new Response(JSON.stringify({ statusCode: 400, message: 'Nope' }), { status: 400 })
    const http = createFetchTransport({}, { get: () => null, set: () => undefined, clear: () => undefined }, fetcher)
    const result = await callRoute(http, getPublicClinics)
    expect(result).toEqual(E.left({ _tag: 'HttpError', status: 400, message: 'Nope', serverMessage: 'Nope' }))
  })
})

describe('catalogue views', () => {
  it('categories in order with their sub-categories after them', () => {
    const id = (n: number) => `0a00000000000000000000${String(n).padStart(2, '0')}`
    expect(
      flattenCategories([
        { id: id(2), name: 'Body', order: 2 },
        { id: id(1), name: 'Face', order: 1, subCategories: [{ id: id(3), name: 'Peels', order: 1 }] },
      ]).map((c) => [c.name, c.parentName]),
    ).toEqual([['Face', undefined], ['Peels', 'Face'], ['Body', undefined]])
  })

  it("services: 'From' ranges and varying durations come from the metadata", () => {
    const view = toServiceView({
      id: '0a0000000000000000000009', name: 'Peel', defaultDuration: 30, defaultPrice: 60,
      metadata: { price: 60, lowestPrice: 50, highestPrice: 70, lowestDuration: 30, highestDuration: 45 },
    })
    expect(view).toMatchObject({ lowestPrice: 50, highestPrice: 70, durationVaries: true, defaultPrice: 60 })
  })

  it("services: 'From N mins' names the shortest practitioner duration, not the default", () => {
    const view = toServiceView({
      id: '0a0000000000000000000009', name: 'Peel', defaultDuration: 45, defaultPrice: 60,
      metadata: { price: 60, lowestPrice: 60, highestPrice: 60, lowestDuration: 30, highestDuration: 60 },
    })
    expect(durationText(view)).toBe('From 30 mins')
  })
})
