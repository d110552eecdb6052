// @vitest-environment jsdom
// Issue 30: every page's footer links the privacy notice and the accessibility statement; in
// production the tag manager starts only after the visitor allows analytics in the consent banner
// (the organisation's analyticsConsentBanner), in Google's consent mode; staging and local keep the
// spec's cookie banner and start it at once. The real AppShell, view model, use case and GTM adapter.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { Container } from 'inversify'
import * as E from 'fp-ts/Either'
import { AppShell } from './AppShell'
import { ContainerProvider } from '../use-view-model'
import { CONSENT_BANNER, SessionViewModel } from '../view-models/session.view-model'
import { ToastViewModel } from '../view-models/toast.view-model'
import { DeferredNavigator, NAVIGATOR } from '../view-models/app-services'
import { ManualClock } from '../view-models/account.view-model.test-support'
import type { WebConfig } from '../view-models/views'
import { InMemoryBookingStore, MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import { PORTS } from '../../application/tokens'
import { GtmTagManager } from '../../adapters/analytics/gtm-tag-manager.adapter'
import { StartTagManager } from '../../application/use-cases/catalogue.use-case'
import type { StoredBookingInfo } from '../../application/ports/booking-store.port'
import PrivacyPage from '../pages/legal/PrivacyPage'
import AccessibilityPage from '../pages/legal/AccessibilityPage'

afterEach(() => {
  cleanup()
  for (const script of document.querySelectorAll('script[data-gtm]')) script.remove()
  delete (window as unknown as { dataLayer?: unknown }).dataLayer
})

const gtmScripts = () => document.querySelectorAll('script[data-gtm]')
/** The data layer, gtag's `arguments` objects as arrays. */
const dataLayer = () => [...((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])].map((entry) => (typeof entry === 'object' && entry !== null && 'length' in entry ? Array.from(entry as ArrayLike<unknown>) : entry))

async function started(environment: WebConfig['environment'], organisation: object, stored: Partial<StoredBookingInfo> = {}) {
  const store = new InMemoryBookingStore(stored)
  const vm = new SessionViewModel(
    { execute: async () => E.right({ name: 'Demo Clinic', ...organisation }) } as never,
    { execute: async () => E.left({ _tag: 'NotSignedIn' as const, message: 'Not signed in' }) },
    { execute: async () => E.right({}) } as never,
    { execute: async () => E.right(undefined) },
    store,
    { environment, holdSeconds: 300, mapTilesUrl: '' },
    new StartTagManager(new GtmTagManager(document)),
  )
  await vm.start()
  const container = new Container()
  container.bind(SessionViewModel).toConstantValue(vm)
  container.bind(ToastViewModel).toConstantValue(new ToastViewModel(new ManualClock()))
  container.bind(NAVIGATOR).toConstantValue(new DeferredNavigator())
  container.bind(PORTS.SessionStorage).toConstantValue(new MemoryStorage())
  render(
    <ContainerProvider resolver={container}>
      <MemoryRouter initialEntries={['/app']}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="app" element={<p>Your bookings</p>} />
            <Route path="privacy" element={<PrivacyPage />} />
            <Route path="accessibility" element={<AccessibilityPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  )
  return { vm, store }
}

describe('the footer', () => {
  it('links the privacy notice and the accessibility statement, which open in the app', async () => {
    await started('production', {})
    const footer = screen.getByRole('contentinfo')
    expect([...footer.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Privacy', '/privacy'], ['Accessibility', '/accessibility']])
    fireEvent.click(screen.getByRole('link', { name: 'Privacy' }))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy')
    expect(document.body.textContent).toContain('Demo Clinic runs this booking site')
    fireEvent.click(screen.getAllByRole('link', { name: 'Accessibility' })[0])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accessibility statement')
    expect(document.body.textContent).toContain('WCAG) 2.2 at level AA')
    expect(document.body.textContent).toContain('axe-core')
  })
})

describe('the tag manager in production', () => {
  const org = { gtmId: 'GTM-ABC123', analyticsConsentBanner: true }

  it("waits for 'Allow' in the consent banner, then starts in consent mode with analytics granted", async () => {
    const { store } = await started('production', org)
    expect(gtmScripts()).toHaveLength(0)
    expect(dataLayer()).toEqual([])
    const banner = screen.getByRole('region', { name: 'Analytics cookies' })
    expect(banner.textContent).toContain(CONSENT_BANNER)
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }))
    expect(store.get('analyticsConsent')).toBe('granted')
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull()
    expect(gtmScripts()).toHaveLength(1)
    // Consent mode: everything denied by default, then analytics granted, before the container loads,
    // pushed as gtag() does (its `arguments` objects: the form the tag manager reads consent in).
    const raw = (window as unknown as { dataLayer: unknown[] }).dataLayer
    expect(raw.slice(0, 2).map((entry) => Object.prototype.toString.call(entry))).toEqual(['[object Arguments]', '[object Arguments]'])
    const layer = dataLayer()
    expect(layer.slice(0, 2)).toEqual([
      ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ])
    expect(layer[2]).toMatchObject({ event: 'gtm.js' })
  })

  it("starts at once on a later visit once allowed; never after 'No, thanks', nor without the organisation's banner", async () => {
    await started('production', org, { analyticsConsent: 'granted' })
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull()
    expect(gtmScripts()).toHaveLength(1)
    cleanup()
    for (const script of gtmScripts()) script.remove()

    const declined = await started('production', org)
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }))
    expect(declined.store.get('analyticsConsent')).toBe('denied')
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull()
    expect(gtmScripts()).toHaveLength(0)
    cleanup()

    await started('production', { gtmId: 'GTM-ABC123' })
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull()
    expect(gtmScripts()).toHaveLength(0)
  })

  it("outside production: starts at once (spec section 7) beside the spec's cookie banner, no consent banner", async () => {
    await started('staging', org)
    expect(gtmScripts()).toHaveLength(1)
    expect(screen.getByRole('region', { name: 'Cookies' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull()
  })
})
