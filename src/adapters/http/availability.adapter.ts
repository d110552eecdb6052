import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { AvailabilityApi } from '../../application/ports/availability.port'
import { getDaysAvailableByMonth, type DaysAvailableRequest } from '../../contract/appointments.routes'
import {
  getNextAvailable,
  getPractitionerTimes,
  getPublicPractitioners,
  type NextAvailableBody,
  type PractitionerTimeBody,
  type PublicPractitionersBody,
} from '../../contract/practitioners.routes'
import { callRoute } from './api-client'

@injectable()
export class HttpAvailabilityApi implements AvailabilityApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  daysAvailable(requests: DaysAvailableRequest[]) {
    return callRoute(this.http, getDaysAvailableByMonth, { body: requests })
  }
  practitioners(body: PublicPractitionersBody) {
    return callRoute(this.http, getPublicPractitioners, { body })
  }
  times(body: PractitionerTimeBody) {
    return callRoute(this.http, getPractitionerTimes, { body })
  }
  nextAvailable(body: NextAvailableBody) {
    return callRoute(this.http, getNextAvailable, { body })
  }
}
