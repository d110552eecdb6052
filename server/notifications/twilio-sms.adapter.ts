/**
 * SMS through Twilio's official SDK. `apiBase` (TWILIO_API_BASE) points the SDK at another address
 * (a local mock in tests, a proxy): a RequestClient that rewrites https://*.twilio.com.
 */
import * as E from 'fp-ts/Either'
import twilio from 'twilio'
import type { SmsMessage, SmsPort } from './sms.port'

export interface TwilioSettings {
  accountSid: string
  authToken: string
  /** an E.164 sender number or a Messaging Service SID (MG...) */
  from: string
  apiBase?: string
}

type RequestOptions = Parameters<twilio.RequestClient['request']>[0]

class BaseOverrideClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super()
  }
  override request<TData>(opts: RequestOptions & { data?: TData }) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/[a-z0-9.-]*twilio\.com/, this.base.replace(/\/$/, '')) })
  }
}

export class TwilioSms implements SmsPort {
  private readonly client: twilio.Twilio

  constructor(private readonly settings: TwilioSettings) {
    this.client = twilio(settings.accountSid, settings.authToken, settings.apiBase ? { httpClient: new BaseOverrideClient(settings.apiBase) } : undefined)
  }

  async send(message: SmsMessage) {
    const sender = this.settings.from.startsWith('MG') ? { messagingServiceSid: this.settings.from } : { from: this.settings.from }
    try {
      const sent = await this.client.messages.create({ to: message.to, body: message.body, ...sender })
      return E.right({ providerId: sent.sid })
    } catch (error) {
      const e = error as { message?: string; code?: number | string }
      return E.left({ _tag: 'SmsRejected' as const, message: String(e.message ?? error), ...(e.code !== undefined ? { code: String(e.code) } : {}) })
    }
  }
}
