import type { ChangePasswordBody, ChangePasswordResult, LoginResult, RegisterBody, RegisterResult } from '../../contract/auth.routes'
import type { Ack } from '../../contract/codecs'
import type { CurrentUser } from '../../contract/customers.codecs'
import type { ApiResult } from './api-result'

/** Signing in and out, accounts and passwords. */
export interface AuthApi {
  login(email: string, password: string): ApiResult<LoginResult>
  register(body: RegisterBody): ApiResult<RegisterResult>
  forgotPassword(email: string, existingUser: boolean): ApiResult<Ack>
  changePassword(body: ChangePasswordBody): ApiResult<ChangePasswordResult>
  currentUser(): ApiResult<CurrentUser>
  /** Ends the stored token's session on the server. */
  logout(): ApiResult<Ack>
}
