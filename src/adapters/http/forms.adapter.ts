import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { FormsApi } from '../../application/ports/forms.port'
import type { LeadsApi } from '../../application/ports/leads.port'
import { getUserForm, signUserForm, updateUserForm, type SignFormBody, type UpdateFormBody } from '../../contract/forms.routes'
import { createLead, type LeadBody } from '../../contract/leads.routes'
import { callRoute } from './api-client'

@injectable()
export class HttpFormsApi implements FormsApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  userForm(formId: string, password?: string) {
    return callRoute(this.http, getUserForm, { params: { id: formId }, query: password ? { password } : {} })
  }
  sign(formId: string, body: SignFormBody) {
    return callRoute(this.http, signUserForm, { params: { id: formId }, body })
  }
  update(formId: string, body: UpdateFormBody) {
    return callRoute(this.http, updateUserForm, { params: { id: formId }, body })
  }
}

@injectable()
export class HttpLeadsApi implements LeadsApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  create(body: LeadBody) {
    return callRoute(this.http, createLead, { query: { from: 'customer' }, body })
  }
}
