import type { UserForm } from '../../contract/forms.codecs'
import type { SignFormBody, UpdateFormBody } from '../../contract/forms.routes'
import type { Ack } from '../../contract/codecs'
import type { ApiResult } from './api-result'

/** Forms sent to customers by link. */
export interface FormsApi {
  userForm(formId: string, password?: string): ApiResult<UserForm>
  sign(formId: string, body: SignFormBody): ApiResult<Ack>
  update(formId: string, body: UpdateFormBody): ApiResult<Ack>
}
