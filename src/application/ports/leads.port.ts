import type { Lead, LeadBody } from '../../contract/leads.routes'
import type { ApiResult } from './api-result'

/** Enquiries from the embeddable lead form. */
export interface LeadsApi {
  create(body: LeadBody): ApiResult<Lead>
}
