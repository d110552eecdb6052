/**
 * A staff login's booking notifications and its practitioner's calendar feed (issue 29): the desk's
 * 'Notifications & calendar' page and `clinic admin notifications` / `clinic admin feed` use the same.
 */
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../inject'
import { ADMIN_PORTS } from '../admin.tokens'
import type { StaffCalendarApi } from '../ports/staff-calendar.port'
import type { ApiResult } from '../ports/api-result'
import type { AppError } from '../failure'
import { requestFailure } from '../errors'
import type { StaffNotificationSettingsBody } from '../../contract/practitioner-feeds.routes'

const unwrap = async <T>(call: ApiResult<T>): Promise<E.Either<AppError, T>> => E.mapLeft(requestFailure)(await call)

@injectable()
export class LoadStaffNotifications {
  constructor(@inject(ADMIN_PORTS.StaffCalendarApi) private readonly api: StaffCalendarApi) {}
  execute() {
    return unwrap(this.api.notificationSettings())
  }
}

@injectable()
export class SaveStaffNotifications {
  constructor(@inject(ADMIN_PORTS.StaffCalendarApi) private readonly api: StaffCalendarApi) {}
  execute(body: StaffNotificationSettingsBody) {
    return unwrap(this.api.saveNotificationSettings(body))
  }
}

@injectable()
export class LoadCalendarFeed {
  constructor(@inject(ADMIN_PORTS.StaffCalendarApi) private readonly api: StaffCalendarApi) {}
  execute(practitionerId?: string) {
    return unwrap(this.api.feedStatus(practitionerId))
  }
}

/** A new secret feed URL (the older one stops working). */
@injectable()
export class CreateCalendarFeed {
  constructor(@inject(ADMIN_PORTS.StaffCalendarApi) private readonly api: StaffCalendarApi) {}
  execute(practitionerId?: string) {
    return unwrap(this.api.createFeed(practitionerId))
  }
}

@injectable()
export class RevokeCalendarFeed {
  constructor(@inject(ADMIN_PORTS.StaffCalendarApi) private readonly api: StaffCalendarApi) {}
  execute(practitionerId?: string) {
    return unwrap(this.api.revokeFeed(practitionerId))
  }
}

export const STAFF_CALENDAR_USE_CASES = [LoadStaffNotifications, SaveStaffNotifications, LoadCalendarFeed, CreateCalendarFeed, RevokeCalendarFeed] as const
