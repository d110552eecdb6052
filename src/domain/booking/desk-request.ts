/**
 * The front desk's booking request (issue 29), built in one place for the /staff page and
 * `clinic admin book`: who, where, which services in order (a practitioner each, or any), the start
 * the availability engine offered, and how the deposit is paid.
 */
import * as E from 'fp-ts/Either'

export type DeskPaymentChoice = 'card' | 'link' | 'clinic'

export interface DeskDraft {
  readonly customerId?: string
  readonly locationId?: string
  readonly services: readonly { readonly serviceId: string; readonly practitionerId?: string }[]
  /** ISO instant of the first service's start */
  readonly start?: string
  readonly payment?: DeskPaymentChoice
  /** the same for the same booking sent again (a retry): the server answers that booking, and mails its pay link once */
  readonly transactionId?: string
  /** staff send the pay link again on purpose */
  readonly resendPayLink?: boolean
  /** Book although the customer has another visit then (staff confirmed it: customer-clash.ts). */
  readonly allowOverlap?: boolean
}

export interface DeskRequest {
  readonly customer: string
  readonly location: string
  readonly start: string
  readonly services: { service: string; practitioner?: string }[]
  readonly payment: DeskPaymentChoice
  readonly transactionId?: string
  readonly resendPayLink?: boolean
  readonly allowOverlap?: boolean
}

export type DeskDraftError =
  | { readonly _tag: 'NoCustomer' }
  | { readonly _tag: 'NoLocation' }
  | { readonly _tag: 'NoService' }
  | { readonly _tag: 'NoTime' }
  | { readonly _tag: 'NoPayment' }

export const DESK_DRAFT_TEXT: Record<DeskDraftError['_tag'], string> = {
  NoCustomer: 'Find or create the customer first.',
  NoLocation: 'Choose a location.',
  NoService: 'Choose at least one service.',
  NoTime: 'Choose a time.',
  NoPayment: 'Choose how the deposit is paid.',
}

export function deskRequest(draft: DeskDraft): E.Either<DeskDraftError, DeskRequest> {
  if (!draft.customerId) return E.left({ _tag: 'NoCustomer' })
  if (!draft.locationId) return E.left({ _tag: 'NoLocation' })
  if (draft.services.length === 0) return E.left({ _tag: 'NoService' })
  if (!draft.start) return E.left({ _tag: 'NoTime' })
  if (!draft.payment) return E.left({ _tag: 'NoPayment' })
  return E.right({
    customer: draft.customerId,
    location: draft.locationId,
    start: draft.start,
    services: draft.services.map((s) => ({ service: s.serviceId, ...(s.practitionerId ? { practitioner: s.practitionerId } : {}) })),
    payment: draft.payment,
    ...(draft.transactionId ? { transactionId: draft.transactionId } : {}),
    ...(draft.resendPayLink ? { resendPayLink: true } : {}),
    ...(draft.allowOverlap ? { allowOverlap: true } : {}),
  })
}
