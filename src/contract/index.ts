import type { Route } from './route'
import * as admin from './admin.routes'
import * as appointments from './appointments.routes'
import * as auth from './auth.routes'
import * as cards from './cards.routes'
import * as categories from './categories.routes'
import * as clinics from './clinics.routes'
import * as countries from './countries.routes'
import * as courses from './courses.routes'
import * as customerCourses from './customer-courses.routes'
import * as customers from './customers.routes'
import * as desk from './desk.routes'
import * as dev from './dev.routes'
import * as deskCalendar from './desk-calendar.routes'
import * as forms from './forms.routes'
import * as giftVouchers from './gift-vouchers.routes'
import * as holds from './holds.routes'
import * as integrations from './integrations.routes'
import * as invoices from './invoices.routes'
import * as leads from './leads.routes'
import * as links from './links.routes'
import * as lists from './lists.routes'
import * as organisation from './organisation.routes'
import * as practitioners from './practitioners.routes'
import * as practitionerFeeds from './practitioner-feeds.routes'
import * as privacy from './privacy.routes'
import * as reports from './reports.routes'
import * as services from './services.routes'
import * as staff from './staff.routes'
import * as taxes from './taxes.routes'
import * as waitlist from './waitlist.routes'

export * from './route'
export * from './codecs'
export * from './appointments.codecs'
export * from './appointments.routes'
export * from './auth.routes'
export * from './cards.routes'
export * from './categories.routes'
export * from './clinics.routes'
export * from './courses.routes'
export * from './customer-courses.routes'
export * from './customers.codecs'
export * from './customers.routes'
export * from './dev.routes'
export * from './forms.codecs'
export * from './forms.routes'
export * from './holds.routes'
export { purchaseGiftVouchers, GiftVoucherPurchaseBody } from './gift-vouchers.routes'
export * from './invoices.codecs'
export * from './invoices.routes'
export * from './leads.routes'
export * from './links.routes'
export * from './lists.routes'
export * from './organisation.routes'
export * from './practitioners.routes'
export * from './privacy.routes'
export * from './services.routes'
export * from './taxes.routes'
export * from './staff.routes'
export * from './admin.routes'
export * from './reports.routes'
export * from './practitioner-feeds.routes'
export * from './desk-calendar.routes'
export * from './desk.routes'
export * from './integrations.routes'
export { getCountries } from './countries.routes'
export * from './waitlist.codecs'
export * from './waitlist.routes'

function isRoute(x: unknown): x is Route {
  return (
    typeof x === 'object' &&
    x !== null &&
    'method' in x &&
    'path' in x &&
    'responses' in x &&
    typeof (x as Route).path === 'string'
  )
}

/** Route modules by resource name (file name without `.routes.ts`). */
export const routeModules = {
  organisation,
  links,
  clinics,
  categories,
  services,
  courses,
  practitioners,
  appointments,
  holds,
  auth,
  lists,
  countries,
  customers,
  invoices,
  cards,
  customerCourses,
  giftVouchers,
  taxes,
  forms,
  leads,
  dev,
  staff,
  admin,
  reports,
  desk,
  privacy,
  practitionerFeeds,
  deskCalendar,
  integrations,
  waitlist,
} as const

/** Every route of the contract with its export name, so the server can check it serves them all. */
export const namedRoutes: ReadonlyArray<{ readonly name: string; readonly resource: string; readonly route: Route }> =
  Object.entries(routeModules).flatMap(([resource, mod]) =>
    Object.entries(mod)
      .filter((entry): entry is [string, Route] => isRoute(entry[1]))
      .map(([name, r]) => ({ name, resource, route: r })),
  )

/** Every route of the contract (spec section 7). */
export const allRoutes: ReadonlyArray<Route> = namedRoutes.map((n) => n.route)
