import { loadScript } from './load-script'

/** Square's Web Payments SDK (loaded from Square: web.squarecdn.com or sandbox.web.squarecdn.com); the subset the card form uses. */
export interface SquareTokenError {
  type?: string
  field?: string
  message?: string
}

export interface SquareCard {
  attach(target: HTMLElement | string): Promise<void>
  tokenize(): Promise<{ status: string; token?: string; errors?: SquareTokenError[] }>
  destroy(): Promise<boolean>
}

export interface SquarePayments {
  card(options?: Record<string, unknown>): Promise<SquareCard>
}

interface SquareGlobal {
  payments(applicationId: string, locationId: string): SquarePayments
}

/** Only Square's own hosts: the URL comes from the server, the check keeps any other script out. */
const SQUARE_SDK = /^https:\/\/(sandbox\.)?web\.squarecdn\.com\/v1\/square\.js$/

export async function loadSquare(sdkUrl: string, applicationId: string, locationId: string): Promise<SquarePayments> {
  if (!SQUARE_SDK.test(sdkUrl)) throw new Error(`Not Square's SDK: ${sdkUrl}`)
  await loadScript(sdkUrl)
  const square = (globalThis as { Square?: SquareGlobal }).Square
  if (!square) throw new Error('Square Web Payments SDK did not load')
  return square.payments(applicationId, locationId)
}

/** The card form's field in error → a code of the spec's card error catalogue (CARD_ERRORS). */
export const SQUARE_FIELD_CODES: Readonly<Record<string, string>> = {
  cardNumber: 'INVALID_CARD',
  expirationDate: 'INVALID_EXPIRATION',
  cvv: 'CVV_FAILURE',
  postalCode: 'INVALID_POSTAL_CODE',
}
