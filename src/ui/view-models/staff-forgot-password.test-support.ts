// The staff forgot-password form over the real use case and HTTP adapter, for tests where nock plays
// the server (axios's node adapter: nock intercepts node's http).
import nock from 'nock'
import { ForgotStaffPassword } from '../../application/use-cases/admin.use-case'
import { HttpAdminApi, operatorConfig } from '../../adapters/http/admin.adapter'
import { createHttpClient } from '../../adapters/http/http-client'
import { API, HOST } from '../../adapters/http/test-support'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import { StaffForgotPasswordViewModel } from './staff-forgot-password.view-model'

/** The form as the staff desk builds it, signed out (no staff token). */
export function staffForgotPasswordViewModel(): StaffForgotPasswordViewModel {
  const config = { baseUrl: API, adapter: 'http', timeoutMs: 1000 } as const
  const http = createHttpClient(config, new InMemoryTokenStore())
  const operator = (key: string) => createHttpClient(operatorConfig(config, key), new InMemoryTokenStore())
  return new StaffForgotPasswordViewModel(new ForgotStaffPassword(new HttpAdminApi(http, operator)))
}

/** The server's side of the calls (no token required). */
export const staffServer = () => nock(HOST)
