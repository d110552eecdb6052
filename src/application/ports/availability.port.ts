import type { DaysAvailableRequest } from '../../contract/appointments.routes'
import type { AvailableDay } from '../../contract/appointments.codecs'
import type { NextAvailable, NextAvailableBody, Practitioner, PractitionerTimeBody, PublicPractitionersBody, Slot } from '../../contract/practitioners.routes'
import type { ApiResult } from './api-result'

/** Who can do a service, on which days and at which times. */
export interface AvailabilityApi {
  daysAvailable(requests: DaysAvailableRequest[]): ApiResult<AvailableDay[]>
  practitioners(body: PublicPractitionersBody): ApiResult<Practitioner[]>
  times(body: PractitionerTimeBody): ApiResult<Slot[]>
  nextAvailable(body: NextAvailableBody): ApiResult<NextAvailable>
}
