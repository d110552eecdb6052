// The staff desk's bindings (jsdom): absent from the customer's container until /staff loads them,
// every admin use case resolvable after, and the staff token kept under its own key.
import { describe, expect, it } from 'vitest'
import { createBrowserContainer } from './browser.container'
import { ADMIN_PORTS } from '../application/admin.tokens'
import { ADMIN_USE_CASES } from '../application/use-cases/admin.use-case'
import type { TokenStore } from '../application/ports/token-store.port'
import { StaffDeskViewModel } from '../ui/view-models/staff-desk.view-model'
import { StaffForgotPasswordViewModel } from '../ui/view-models/staff-forgot-password.view-model'
import { INTEGRATION_USE_CASES } from '../application/use-cases/integrations.use-case'
import { StaffIntegrationsViewModel } from '../ui/view-models/staff-integrations.view-model'
import { StaffWeekViewModel } from '../ui/view-models/staff-week.view-model'

describe('staff module', () => {
  // 20 s: prepare() imports the lazy modules in steps, one after another (browser.container.ts),
  // and vitest transforms each step's module graph in turn: 5-8 s at load 13, over the default 5 s.
  it('binds nothing of the staff desk for customers, and everything after prepareStaff()', { timeout: 20_000 }, async () => {
    const { resolver: container, prepare, prepareStaff } = createBrowserContainer()
    await prepare()
    expect(() => container.get(StaffDeskViewModel)).toThrow()
    expect(() => container.get(ADMIN_PORTS.AdminApi)).toThrow()
    await prepareStaff()
    await prepareStaff()
    for (const useCase of ADMIN_USE_CASES) expect(container.get(useCase as never), useCase.name).toBeInstanceOf(useCase)
    expect(container.get(StaffDeskViewModel)).toBeInstanceOf(StaffDeskViewModel)
    expect(container.get(StaffForgotPasswordViewModel)).toBeInstanceOf(StaffForgotPasswordViewModel)
    for (const useCase of INTEGRATION_USE_CASES) expect(container.get(useCase as never), useCase.name).toBeInstanceOf(useCase)
    expect(container.get(StaffIntegrationsViewModel)).toBeInstanceOf(StaffIntegrationsViewModel)
    // The day view and the week view each have their own checkout: a payment's notice shows where it was made.
    const day = container.get(StaffDeskViewModel)
    const week = container.get(StaffWeekViewModel)
    expect(day.checkout).not.toBe(week.checkout)
    expect(container.get(StaffDeskViewModel).checkout).toBe(day.checkout)
  })

  it("keeps the staff token apart from the customer's", async () => {
    window.localStorage.clear()
    const { resolver: container, prepareStaff } = createBrowserContainer()
    await prepareStaff()
    container.get<TokenStore>(ADMIN_PORTS.StaffTokenStore).set('staff-1')
    expect(window.localStorage.getItem('staffToken')).toBe('staff-1')
    expect(window.localStorage.getItem('token')).toBeNull()
  })
})
