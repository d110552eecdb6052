// The staging and cookie banners in the real AppShell: shown only outside production, the cookie
// notice a bar in the flow above the header (it never covers the page) that 'Got it!' dismisses.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { Container } from 'inversify'
import * as E from 'fp-ts/Either'
import { AppShell } from './AppShell'
import { ContainerProvider } from '../use-view-model'
import { COOKIE_BANNER, SessionViewModel } from '../view-models/session.view-model'
import { ToastViewModel } from '../view-models/toast.view-model'
import { DeferredNavigator, NAVIGATOR } from '../view-models/app-services'
import { ManualClock } from '../view-models/account.view-model.test-support'
import type { WebConfig } from '../view-models/views'
import { InMemoryBookingStore, MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import { PORTS } from '../../application/tokens'

afterEach(cleanup)

function session(environment: WebConfig['environment'], stored: { cookiesAccepted?: boolean } = {}) {
  const store = new InMemoryBookingStore(stored)
  const vm = new SessionViewModel(
    { execute: async () => E.right({ name: 'Demo Clinic' }) } as never,
    { execute: async () => E.left({ _tag: 'NotSignedIn' as const, message: 'Not signed in' }) },
    { execute: async () => E.right({}) } as never,
    { execute: async () => E.right(undefined) },
    store,
    { environment, holdSeconds: 300, mapTilesUrl: '' },
  )
  return { vm, store }
}

/** The real AppShell with a page whose last control sits at the bottom. */
function shell(vm: SessionViewModel) {
  const container = new Container()
  container.bind(SessionViewModel).toConstantValue(vm)
  container.bind(ToastViewModel).toConstantValue(new ToastViewModel(new ManualClock()))
  container.bind(NAVIGATOR).toConstantValue(new DeferredNavigator())
  container.bind(PORTS.SessionStorage).toConstantValue(new MemoryStorage())
  return render(
    <ContainerProvider resolver={container}>
      <MemoryRouter initialEntries={['/app']}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="app" element={<button type="button">Save changes</button>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  )
}

describe('CookieBanner', () => {
  it("shows the spec's text in a labelled region above the header, and 'Got it!' stores the acceptance and removes it", () => {
    const { vm, store } = session('local')
    const { container } = shell(vm)
    const region = screen.getByRole('region', { name: 'Cookies' })
    expect(region.textContent).toContain(COOKIE_BANNER)
    expect(COOKIE_BANNER).toBe('This website uses cookies to analyze user behavior and improve our services.')
    // a bar in the page's flow before the header, not an overlay after the page
    const order = [...container.querySelectorAll('[aria-label="Cookies"], header, main')].map((el) => el.tagName)
    expect(order).toEqual(['SECTION', 'HEADER', 'MAIN'])
    fireEvent.click(screen.getByRole('button', { name: 'Got it!' }))
    expect(store.get('cookiesAccepted')).toBe(true)
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull()
  })

  it('is not shown once accepted, nor in production', () => {
    shell(session('staging', { cookiesAccepted: true }).vm)
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull()
    cleanup()
    shell(session('production').vm)
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull()
    expect(screen.queryByRole('note')).toBeNull()
  })
})
