import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { AuthApi } from '../ports/auth.port'
import type { AccountApi } from '../ports/account.port'
import type { TokenStore } from '../ports/token-store.port'
import type { BookingStore } from '../ports/booking-store.port'
import type { Logger } from '../ports/logger.port'
import type { AppError } from '../failure'
import { notSignedIn, requestFailure, TEXT } from '../errors'
import type { RegisterBody } from '../../contract/auth.routes'
import type { Customer, CurrentUser } from '../../contract/customers.codecs'
import type { CustomerUpdate } from '../../contract/customers.routes'

const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** POST /login?from=customer; stores the token. Failure: the server message (shown in red). */
@injectable()
export class Login {
  constructor(
    @inject(PORTS.AuthApi) private readonly auth: AuthApi,
    @inject(PORTS.TokenStore) private readonly tokens: TokenStore,
  ) {}
  async execute(credentials: { email: string; password: string }): Promise<E.Either<AppError, CurrentUser>> {
    const result = await this.auth.login(normaliseEmail(credentials.email), credentials.password)
    if (E.isLeft(result)) return E.left(requestFailure(result.left))
    this.tokens.set(result.right.token)
    return E.right(result.right.user)
  }
}

/**
 * Ends the session on the server (POST /logout: the token stops working everywhere), then removes the
 * token and clears the booking info. The local sign-out happens whatever the server answers (a token
 * already ended by a password change answers 401).
 */
@injectable()
export class Logout {
  constructor(
    @inject(PORTS.AuthApi) private readonly auth: AuthApi,
    @inject(PORTS.TokenStore) private readonly tokens: TokenStore,
    @inject(PORTS.BookingStore) private readonly store: BookingStore,
  ) {}
  async execute(): Promise<E.Either<never, void>> {
    if (this.tokens.get()) await this.auth.logout()
    this.tokens.clear()
    this.store.clearBookingInfo()
    return E.right(undefined)
  }
}

/** POST /user/customer/register. Right: 'Your account has been created...'; 400: the server message. */
@injectable()
export class Register {
  constructor(@inject(PORTS.AuthApi) private readonly auth: AuthApi) {}
  async execute(body: RegisterBody): Promise<E.Either<AppError, string>> {
    const result = await this.auth.register({
      ...body,
      email: normaliseEmail(body.email),
      name: body.name.trim(),
      surname: body.surname.trim(),
    })
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : E.right(TEXT.accountCreated)
  }
}

/**
 * POST /user/forgot-password/{email}?existingUser=. Right: the neutral text (the longer one for an
 * existing customer), whatever the server says, except a 400 whose message is shown in red.
 * Other failures are only logged: nothing tells whether the email exists.
 */
@injectable()
export class ForgotPassword {
  constructor(
    @inject(PORTS.AuthApi) private readonly auth: AuthApi,
    @inject(PORTS.Logger) private readonly log: Logger,
  ) {}
  async execute(input: { email: string; existingUser?: boolean }): Promise<E.Either<AppError, string>> {
    const existing = input.existingUser ?? false
    const neutral = existing ? TEXT.existingCustomerReset : TEXT.forgotPasswordNeutral
    const result = await this.auth.forgotPassword(normaliseEmail(input.email), existing)
    if (E.isLeft(result)) {
      const f = result.left
      if (f._tag === 'HttpError' && f.status === 400 && f.serverMessage) return E.left(requestFailure(f))
      this.log.warn('Forgot password request failed', f)
    }
    return E.right(neutral)
  }
}

/** PUT /user/change-password with the emailed token; stores newToken and clears the booking info. */
@injectable()
export class ResetPassword {
  constructor(
    @inject(PORTS.AuthApi) private readonly auth: AuthApi,
    @inject(PORTS.TokenStore) private readonly tokens: TokenStore,
    @inject(PORTS.BookingStore) private readonly store: BookingStore,
  ) {}
  async execute(input: { token: string; newPassword: string }): Promise<E.Either<AppError, string>> {
    const result = await this.auth.changePassword({ token: input.token, newPassword: input.newPassword })
    if (E.isLeft(result)) return E.left(requestFailure(result.left))
    if (result.right.newToken) this.tokens.set(result.right.newToken)
    this.store.clearBookingInfo()
    return E.right(result.right.message)
  }
}

/**
 * PUT /user/change-password while signed in. Right: the 200 message (normal colour); the newToken the
 * server returns is stored, since the change ends every earlier token (this one included) and the
 * server's 'logout-customer' spares only sockets opened with the new one. Left Refused with status
 * 401: the message in red; other statuses are for the caller to keep silent.
 */
@injectable()
export class ChangePassword {
  constructor(
    @inject(PORTS.AuthApi) private readonly auth: AuthApi,
    @inject(PORTS.TokenStore) private readonly tokens: TokenStore,
  ) {}
  async execute(input: { userId: string; currentPassword: string; newPassword: string }): Promise<E.Either<AppError, string>> {
    const result = await this.auth.changePassword(input)
    if (E.isLeft(result)) return E.left(requestFailure(result.left))
    if (result.right.newToken) this.tokens.set(result.right.newToken)
    return E.right(result.right.message)
  }
}

/** GET /user/me when a token is stored. NotSignedIn without one; a 401 drops the stale token. */
@injectable()
export class GetCurrentUser {
  constructor(
    @inject(PORTS.AuthApi) private readonly auth: AuthApi,
    @inject(PORTS.TokenStore) private readonly tokens: TokenStore,
  ) {}
  async execute(): Promise<E.Either<AppError, CurrentUser>> {
    if (!this.tokens.get()) return E.left(notSignedIn)
    const result = await this.auth.currentUser()
    if (E.isLeft(result)) {
      if (result.left._tag === 'HttpError' && result.left.status === 401) {
        this.tokens.clear()
        return E.left(notSignedIn)
      }
      return E.left(requestFailure(result.left))
    }
    return E.right(result.right)
  }
}

/** GET /user/me/export: everything held about the signed-in customer, as the JSON file they download. */
@injectable()
export class DownloadMyData {
  constructor(@inject(PORTS.AccountApi) private readonly account: AccountApi) {}
  async execute(): Promise<E.Either<AppError, string>> {
    const result = await this.account.exportMyData()
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : E.right(`${JSON.stringify(result.right, null, 2)}\n`)
  }
}

/**
 * POST /user/me/erase: erases the signed-in customer (confirmed with their password). On success the
 * token is already refused by the server: it is removed here with the booking info, as at logout.
 */
@injectable()
export class EraseMyAccount {
  constructor(
    @inject(PORTS.AccountApi) private readonly account: AccountApi,
    @inject(PORTS.TokenStore) private readonly tokens: TokenStore,
    @inject(PORTS.BookingStore) private readonly store: BookingStore,
  ) {}
  async execute(password: string): Promise<E.Either<AppError, void>> {
    const result = await this.account.eraseMe(password)
    if (E.isLeft(result)) return E.left(requestFailure(result.left))
    this.tokens.clear()
    this.store.clearBookingInfo()
    return E.right(undefined)
  }
}

/** PUT /customers/{id}. Right: the saved customer and 'Data saved successfully'. */
@injectable()
export class UpdatePersonalDetails {
  constructor(@inject(PORTS.AccountApi) private readonly account: AccountApi) {}
  async execute(customerId: string, details: CustomerUpdate): Promise<E.Either<AppError, { customer: Customer; message: string }>> {
    const body: CustomerUpdate = { ...details }
    if (body.email !== undefined) body.email = normaliseEmail(body.email)
    if (body.firstName !== undefined) body.firstName = body.firstName.trim()
    if (body.surname !== undefined) body.surname = body.surname.trim()
    const result = await this.account.updateCustomer(customerId, body)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : E.right({ customer: result.right, message: TEXT.dataSaved })
  }
}
