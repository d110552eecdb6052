import type { Ack } from '../../contract/codecs'
import type { PractitionerFeedLink, PractitionerFeedStatus, StaffNotificationSettings, StaffNotificationSettingsBody } from '../../contract/practitioner-feeds.routes'
import type { ApiResult } from './api-result'

/** A staff login's booking notifications and its practitioner's calendar feed (issue 29). */
export interface StaffCalendarApi {
  notificationSettings(): ApiResult<StaffNotificationSettings>
  saveNotificationSettings(body: StaffNotificationSettingsBody): ApiResult<StaffNotificationSettings>
  /** practitionerId: absent for the login's own practitioner */
  feedStatus(practitionerId?: string): ApiResult<PractitionerFeedStatus>
  createFeed(practitionerId?: string): ApiResult<PractitionerFeedLink>
  revokeFeed(practitionerId?: string): ApiResult<Ack>
}
