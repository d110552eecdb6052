/**
 * Twilio's Messages API as tests meet it: the official SDK pointed at this server (the `twilio` config
 * it gives, apiBase) sends its texts here; each is kept (path, authorization, form) and answered 201 queued,
 * or, while `refusing`, 400 with Twilio's error 21211, whose message quotes the number.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { MockHttpServer } from '../../test-support/mock-http-server'

export interface SentText {
  path: string
  auth: string | undefined
  form: URLSearchParams
}

export class TwilioMock extends MockHttpServer {
  readonly sent: SentText[] = []
  refusing = false

  constructor(readonly accountSid = 'AC' + '0123456789abcdef'.repeat(2)) {
    super()
  }

  /** The server's Twilio settings that send through this mock (from +447700900999, token 'test-auth-token'). */
  config(): { accountSid: string; authToken: string; from: string; apiBase: string } {
    return { accountSid: this.accountSid, authToken: 'test-auth-token', from: '+447700900999', apiBase: this.baseUrl }
  }

  protected handle(req: IncomingMessage, res: ServerResponse, text: string): void {
    const form = new URLSearchParams(text)
    this.sent.push({ path: req.url ?? '', auth: req.headers.authorization, form })
    if (this.refusing) {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ code: 21211, message: `The 'To' number ${form.get('To')} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 }))
      return
    }
    res.writeHead(201, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ sid: `SM${String(this.sent.length).padStart(32, '0')}`, status: 'queued', to: form.get('To'), account_sid: this.accountSid }))
  }
}
