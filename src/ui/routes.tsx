import { use, type ComponentType } from 'react'
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom'
import { AppShell } from './layout/AppShell'
import { nextTask } from './next-task'
import LocationListPage from './pages/booking/LocationListPage'

export type LazyPage = (load: () => Promise<{ default: ComponentType }>) => Pick<RouteObject, 'element' | 'handle'>

/** The handle of a lazy page's route: `preload` starts the load React.lazy then waits for. */
interface LazyPageHandle {
  lazyPage: true
  preload: () => Promise<unknown>
}

/**
 * A route whose page module (default export) loads on first visit, in its own chunk, after the
 * lazily bound modules (use cases, adapters, the page's view models) are in the container. The
 * AppShell's Suspense shows a spinner meanwhile. (Declarative routes: the data router would add
 * 16 KB gzip to the first view.)
 */
export function lazyPageWith(prepare: () => Promise<void>): LazyPage {
  return (load) => {
    let loading: Promise<{ default: ComponentType }> | undefined
    let Loaded: ComponentType | undefined
    // The container's modules in the next task: each import appends a <link rel=modulepreload> per
    // chunk, and the two together were one task long enough to count in Lighthouse's TBT (issue 18).
    const preload = () =>
      (loading ??= Promise.all([load(), nextTask().then(prepare)]).then(([page]) => {
        Loaded = page.default
        return page
      }))
    // Once loaded, the page itself at once: React.lazy suspends on its first render even then, and a
    // page the server rendered (a step) would stay the server's, untouchable, until a later task (issue
    // 28). One component type loaded or not: a swap from a lazy wrapper to the page remounted the page
    // (its view model's route left and entered again: a reloaded course purchase lost its confirm step).
    const Page = () => {
      const Component = Loaded ?? use(preload()).default
      return <Component />
    }
    return { element: <Page />, handle: { lazyPage: true, preload } satisfies LazyPageHandle }
  }
}

const lazyHandlesOf = (routes: RouteObject[], pathname: string): LazyPageHandle[] =>
  (matchRoutes(routes, pathname) ?? []).map((m) => m.route.handle as Partial<LazyPageHandle> | undefined).filter((h): h is LazyPageHandle => h?.lazyPage === true)

/** Whether `pathname` opens a lazy page (anything but the location list, the first view). */
export function opensLazyPage(routes: RouteObject[], pathname: string): boolean {
  return lazyHandlesOf(routes, pathname).length > 0
}

/**
 * Starts loading the lazy page of `pathname`, if it is one (the promise React.lazy awaits when it
 * renders: a failure reaches the page's error boundary there). Returns its load (settled, never
 * failing), or undefined where the page is not lazy.
 */
export function preloadLazyPage(routes: RouteObject[], pathname: string): Promise<unknown> | undefined {
  const handles = lazyHandlesOf(routes, pathname)
  if (handles.length === 0) return undefined
  return Promise.all(handles.map((handle) => handle.preload().catch(() => undefined)))
}

/**
 * Booking routes of spec section 2. The location list is eager: it is the first view. The wizard's steps
 * with `wizardPage` (the container without the customer area's view models, where the app has one).
 */
export function bookingRoutes(lazyPage: LazyPage, wizardPage: LazyPage = lazyPage): RouteObject[] {
  const stepPage = wizardPage(() => import('./pages/booking/StepPage'))
  return [
    { index: true, element: <LocationListPage /> },
    { path: 'step/location', element: <LocationListPage /> },
    { path: 'step/:locationId/confirm', ...stepPage },
    { path: 'step/:locationId', ...stepPage },
    { path: 'step/:locationId/:categoryId', ...stepPage },
    { path: 'step/:locationId/:categoryId/:serviceId', ...stepPage },
    { path: 'step/:locationId/:categoryId/:serviceId/confirm', ...stepPage },
  { path: 'location', ...lazyPage(() => import('./pages/thank-you/ThankYouPage')) },
  ]
}

/**
 * The customer area's page module. The browser runs a dynamic import's modules in one task once all
 * have arrived: the page's graph (react-aria, libphonenumber's metadata, the account's view models)
 * was one task over Lighthouse's long-task limit after the first paint (issue 18: TBT). Its two
 * heaviest chunks are imported on their own as well, so each runs in a task of its own as soon as it
 * has arrived (the same chunks, each behind a re-export chunk of a few bytes); only after the first
 * paint, which they would otherwise delay.
 */
const accountPage = () => {
  afterFirstPaint(() => {
    void import('./components/Dialog')
    void import('../domain/validation/phone')
  })
  return import('./pages/account/AccountPage')
}

/** Calls `then` once the page has painted (never where the browser does not report paints). */
function afterFirstPaint(then: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().length) return
    observer.disconnect()
    then()
  })
  observer.observe({ type: 'paint', buffered: true })
}

/**
 * Customer area, password and forms routes (spec section 2) are added here by their pages
 * (src/ui/pages/account|password|forms), each with lazyPage(() => import(...)):
 * '/app', '/forgot-password', '/user/reset-password/:token', '/form/:formId'. The embeddable lead
 * form '/lead' is its own page (lead.html, src/lead.main.tsx) with its own small composition.
 */
export function otherRoutes(lazyPage: LazyPage, customerAreaPage: LazyPage = lazyPage): RouteObject[] {
  const passwordPage = lazyPage(() => import('./pages/password/PasswordResetPage'))
  return [
    { path: 'app', ...customerAreaPage(accountPage) },
    { path: 'forgot-password', ...passwordPage },
    { path: 'user/reset-password/:token', ...passwordPage },
    { path: 'form/:formId', ...lazyPage(() => import('./pages/forms/FormPage')) },
    { path: 'form-builder', ...lazyPage(() => import('./pages/forms/FormBuilderPage')) },
    { path: 'registration', ...lazyPage(() => import('./pages/registration/RegistrationPage')) },
    { path: 'privacy', ...lazyPage(() => import('./pages/legal/PrivacyPage')) },
    { path: 'accessibility', ...lazyPage(() => import('./pages/legal/AccessibilityPage')) },
    { path: 'waitlist/offer/:token', ...lazyPage(() => import('./pages/waitlist/WaitlistOfferPage')) },
    { path: '*', ...lazyPage(() => import('./pages/NotFoundPage')) },
  ]
}

/** The app's routes as an element (inside a BrowserRouter). */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes)
}

/** The staff desk (issue 13): its page, view model, admin adapter and use cases load in their own chunks. */
export function staffRoutes(lazyPage: LazyPage): RouteObject[] {
  return [
    { path: 'staff', ...lazyPage(() => import('./pages/staff/StaffDeskPage')) },
    { path: 'staff/reports', ...lazyPage(() => import('./pages/staff/StaffReportsPage')) },
    { path: 'staff/notifications', ...lazyPage(() => import('./pages/staff/StaffNotificationsPage')) },
    { path: 'staff/week', ...lazyPage(() => import('./pages/staff/StaffWeekPage')) },
    { path: 'staff/settings', ...lazyPage(() => import('./pages/staff/StaffSettingsPage')) },
    { path: 'staff/integrations', ...lazyPage(() => import('./pages/staff/StaffIntegrationsPage')) },
    { path: 'staff/new-booking', ...lazyPage(() => import('./pages/staff/StaffNewBookingPage')) },
    { path: 'staff/customers/:id', ...lazyPage(() => import('./pages/staff/StaffCustomerPage')) },
    { path: 'staff/forgot-password', ...lazyPage(() => import('./pages/staff/StaffForgotPasswordPage')) },
    { path: 'staff/set-password/:token', ...lazyPage(() => import('./pages/staff/StaffSetPasswordPage')) },
  ]
}

/**
 * Every route of the app; `prepare` loads the lazily bound container modules, `prepareStaff` the staff
 * desk's too; `pages.wizard` those the wizard's steps bind, `pages.account` those the customer area
 * binds (the rest follow when needed; all by default).
 */
export function createRoutes(
  prepare: () => Promise<void>,
  prepareStaff: () => Promise<void> = prepare,
  pages: { wizard?: () => Promise<void>; account?: () => Promise<void> } = {},
): RouteObject[] {
  const lazyPage = lazyPageWith(prepare)
  return [
    {
      element: <AppShell />,
      children: [...staffRoutes(lazyPageWith(prepareStaff)), ...bookingRoutes(lazyPage, lazyPageWith(pages.wizard ?? prepare)), ...otherRoutes(lazyPage, lazyPageWith(pages.account ?? prepare))],
    },
  ]
}
