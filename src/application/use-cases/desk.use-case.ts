/**
 * The front desk's use cases (issue 29): each one call of the desk API, its failure mapped to the
 * server's message. Used by the /staff page and `clinic admin book | customer`.
 */
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../inject'
import { DESK_PORTS } from '../desk.tokens'
import type { DeskApi } from '../ports/desk.port'
import type { AppError } from '../failure'
import { requestFailure } from '../errors'
import type { ApiResult } from '../ports/api-result'
import type { DeskCustomerBody, DeskTimesBody } from '../../contract/desk.routes'
import type { CustomerUpdate } from '../../contract/customers.routes'
import { DESK_DRAFT_TEXT, deskRequest, type DeskDraft } from '../../domain/booking/desk-request'

const unwrap = async <T>(call: ApiResult<T>): Promise<E.Either<AppError, T>> => E.mapLeft(requestFailure)(await call)

@injectable()
export class CreateDeskCustomer {
  constructor(@inject(DESK_PORTS.DeskApi) private readonly api: DeskApi) {}
  execute(body: DeskCustomerBody) {
    return unwrap(this.api.createCustomer(body))
  }
}

/** The desk edits a customer's details (only those given). */
@injectable()
export class UpdateDeskCustomer {
  constructor(@inject(DESK_PORTS.DeskApi) private readonly api: DeskApi) {}
  execute(customerId: string, body: CustomerUpdate) {
    return unwrap(this.api.updateCustomer(customerId, body))
  }
}

@injectable()
export class ListDeskServices {
  constructor(@inject(DESK_PORTS.DeskApi) private readonly api: DeskApi) {}
  execute(location: string) {
    return unwrap(this.api.services(location))
  }
}

@injectable()
export class ListDeskTimes {
  constructor(@inject(DESK_PORTS.DeskApi) private readonly api: DeskApi) {}
  execute(body: DeskTimesBody) {
    return unwrap(this.api.times(body))
  }
}

/** Books the draft on the customer's behalf; an incomplete draft is refused before any call. */
@injectable()
export class BookOnBehalf {
  constructor(@inject(DESK_PORTS.DeskApi) private readonly api: DeskApi) {}
  async execute(draft: DeskDraft) {
    const request = deskRequest(draft)
    if (E.isLeft(request)) return E.left<AppError, never>({ _tag: 'Refused', status: 400, message: DESK_DRAFT_TEXT[request.left._tag] })
    return unwrap(this.api.book(request.right))
  }
}

/** A booking made with a pay link that the customer has not paid is paid at the clinic instead (they phoned). */
@injectable()
export class PayAtClinicInstead {
  constructor(@inject(DESK_PORTS.DeskApi) private readonly api: DeskApi) {}
  execute(appointmentId: string) {
    return unwrap(this.api.payAtClinic(appointmentId))
  }
}

@injectable()
export class ShowCustomerRecord {
  constructor(@inject(DESK_PORTS.DeskApi) private readonly api: DeskApi) {}
  execute(customerId: string) {
    return unwrap(this.api.record(customerId))
  }
}

@injectable()
export class AddStaffNote {
  constructor(@inject(DESK_PORTS.DeskApi) private readonly api: DeskApi) {}
  execute(customerId: string, text: string) {
    return unwrap(this.api.addNote(customerId, text))
  }
}

@injectable()
export class OpenCustomerForm {
  constructor(@inject(DESK_PORTS.DeskApi) private readonly api: DeskApi) {}
  execute(customerId: string, formId: string) {
    return unwrap(this.api.form(customerId, formId))
  }
}

export const DESK_BOOKING_USE_CASES = [CreateDeskCustomer, UpdateDeskCustomer, ListDeskServices, ListDeskTimes, BookOnBehalf, PayAtClinicInstead, ShowCustomerRecord, AddStaffNote, OpenCustomerForm] as const
