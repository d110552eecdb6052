/**
 * Pays on the sandbox processor's hosted card page without a browser: the page's form posts JSON
 * {cardNo, expDate, cvv, postCode} to its own URL (server/sandbox-processor/sandbox.routes.ts), and
 * so does this. 200 {status: 'paid'}; 402 with the spec's card error; 404/409 otherwise.
 */
import axios from 'axios'

export interface TestCard {
  cardNo: string
  /** 'MM/YY' */
  expDate: string
  cvv: string
  postCode: string
}

export type CardOutcome = { paid: true; message?: string } | { paid: false; status: number; message: string } | { unreachable: true; message: string }

/** The card to send: defaults that pass the sandbox checks (expiry two years ahead, CVV by brand, a UK postcode). */
export function testCard(input: { number: string; expiry?: string; cvv?: string; postcode?: string }, now: Date = new Date()): TestCard {
  const digits = input.number.replace(/[\s-]/g, '')
  const amex = /^3[47]/.test(digits)
  return {
    cardNo: digits,
    expDate: input.expiry ?? `12/${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`,
    cvv: input.cvv ?? (amex ? '1234' : '123'),
    postCode: input.postcode ?? 'SW1A 1AA',
  }
}

/** POSTs the card to the hosted payment page `url` (absolute). */
export async function submitSandboxCard(url: string, card: TestCard, options: { tenant?: string; timeoutMs?: number } = {}): Promise<CardOutcome> {
  try {
    const response = await axios.post(url, card, {
      adapter: 'http',
      timeout: options.timeoutMs ?? 15_000,
      validateStatus: () => true,
      headers: { 'content-type': 'application/json', ...(options.tenant ? { 'X-Tenant': options.tenant } : {}) },
    })
    const body = (response.data ?? {}) as { message?: unknown; failed?: unknown; doneText?: unknown }
    const message = typeof body.message === 'string' ? body.message : undefined
    if (response.status < 400 && body.failed !== true) return { paid: true, ...(typeof body.doneText === 'string' ? { message: body.doneText } : {}) }
    return { paid: false, status: response.status, message: message ?? `The card page answered with status ${response.status}` }
  } catch (e) {
    return { unreachable: true, message: e instanceof Error ? e.message : String(e) }
  }
}
