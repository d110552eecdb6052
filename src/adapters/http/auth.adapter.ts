import { eraseMyData, exportMyData } from '../../contract/privacy.routes'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { AuthApi } from '../../application/ports/auth.port'
import type { AccountApi } from '../../application/ports/account.port'
import {
  changePassword,
  forgotPassword,
  getCurrentUser,
  login,
  logout,
  register,
  type ChangePasswordBody,
  type RegisterBody,
} from '../../contract/auth.routes'
import { updateCustomer, type CustomerUpdate } from '../../contract/customers.routes'
import { callRoute } from './api-client'

@injectable()
export class HttpAuthApi implements AuthApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  login(email: string, password: string) {
    return callRoute(this.http, login, { query: { from: 'customer' }, body: { email, password } })
  }
  register(body: RegisterBody) {
    return callRoute(this.http, register, { body })
  }
  forgotPassword(email: string, existingUser: boolean) {
    return callRoute(this.http, forgotPassword, { params: { email }, query: { existingUser } })
  }
  changePassword(body: ChangePasswordBody) {
    return callRoute(this.http, changePassword, { body })
  }
  currentUser() {
    return callRoute(this.http, getCurrentUser)
  }
  logout() {
    // Signing out never waits long on the network: the local sign-out follows whatever happens.
    return callRoute(this.http, logout, { timeoutMs: LOGOUT_TIMEOUT_MS })
  }
}

const LOGOUT_TIMEOUT_MS = 5_000

@injectable()
export class HttpAccountApi implements AccountApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  updateCustomer(id: string, body: CustomerUpdate) {
    return callRoute(this.http, updateCustomer, { params: { id }, body })
  }
  exportMyData() {
    return callRoute(this.http, exportMyData, {})
  }
  eraseMe(password: string) {
    return callRoute(this.http, eraseMyData, { body: { password } })
  }
}
