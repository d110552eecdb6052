import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { StaffCalendarApi } from '../../application/ports/staff-calendar.port'
import {
  createPractitionerFeed,
  getPractitionerFeed,
  getStaffNotifications,
  revokePractitionerFeed,
  updateStaffNotifications,
  type StaffNotificationSettingsBody,
} from '../../contract/practitioner-feeds.routes'
import { STAFF_HTTP_CLIENT } from './admin.adapter'
import { callRoute } from './api-client'
import type { HttpTransport } from './transport'

const whose = (practitionerId?: string) => (practitionerId ? { practitionerId } : {})

/** The staff login's notifications and calendar feed over the staff transport (its token, never a customer's). */
@injectable()
export class HttpStaffCalendarApi implements StaffCalendarApi {
  constructor(@inject(STAFF_HTTP_CLIENT) private readonly http: HttpTransport) {}
  notificationSettings() {
    return callRoute(this.http, getStaffNotifications)
  }
  saveNotificationSettings(body: StaffNotificationSettingsBody) {
    return callRoute(this.http, updateStaffNotifications, { body })
  }
  feedStatus(practitionerId?: string) {
    return callRoute(this.http, getPractitionerFeed, { query: whose(practitionerId) })
  }
  createFeed(practitionerId?: string) {
    return callRoute(this.http, createPractitionerFeed, { body: whose(practitionerId) })
  }
  revokeFeed(practitionerId?: string) {
    return callRoute(this.http, revokePractitionerFeed, { body: whose(practitionerId) })
  }
}
