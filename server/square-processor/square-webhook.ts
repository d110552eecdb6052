/**
 * Square's webhook request → a verified event (the SDK's WebhooksHelper.verifySignature over the raw
 * body and the subscribed notification URL). Square names its own payment id; ours is looked up.
 */
import * as E from 'fp-ts/Either'
import { WebhooksHelper } from 'square'
import type { ProcessorDb } from '../commerce/processors.tables'
import type { VerifiedEvent } from '../commerce/webhook-event'

/** Square payment statuses after which the money is authorized or taken. */
const SETTLING = new Set(['APPROVED', 'COMPLETED'])

interface SquareEventBody {
  event_id?: string
  type?: string
  data?: { type?: string; id?: string; object?: { payment?: { id?: string; status?: string }; refund?: { id?: string; payment_id?: string } } }
}

export async function verifySquareEvent(
  db: ProcessorDb,
  rawBody: Buffer,
  signature: string | undefined,
  signatureKey: string,
  notificationUrl: string,
): Promise<E.Either<string, VerifiedEvent>> {
  if (!signature) return E.left('Missing x-square-hmacsha256-signature header.')
  const requestBody = rawBody.toString('utf8')
  const valid = await WebhooksHelper.verifySignature({ requestBody, signatureHeader: signature, signatureKey, notificationUrl }).catch(() => false)
  if (!valid) return E.left('Invalid signature.')
  let body: SquareEventBody
  try {
    body = JSON.parse(requestBody) as SquareEventBody
  } catch {
    return E.left('Invalid JSON.')
  }
  if (!body.event_id || !body.type) return E.left('Not a Square event.')
  const payment = body.data?.object?.payment
  if (body.type.startsWith('payment.') && payment?.id) {
    const row = await db.selectFrom('commerce_square_payments').select(['tenant_id', 'transaction_id']).where('square_payment_id', '=', payment.id).executeTakeFirst()
    if (row) {
      return E.right({
        id: body.event_id,
        type: body.type,
        payment: { tenant: row.tenant_id, transactionId: row.transaction_id, expectsSettlement: SETTLING.has(payment.status ?? '') },
      })
    }
  }
  // A refund (maybe made in Square's dashboard): the payment's refunds are read again from Square.
  const refund = body.data?.object?.refund
  if (body.type.startsWith('refund.') && refund?.payment_id) {
    const row = await db.selectFrom('commerce_square_payments').select(['transaction_id']).where('square_payment_id', '=', refund.payment_id).executeTakeFirst()
    if (row) return E.right({ id: body.event_id, type: body.type, refund: { transactionId: row.transaction_id } })
  }
  return E.right({ id: body.event_id, type: body.type })
}
