import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { FormsApi } from '../ports/forms.port'
import type { LeadsApi } from '../ports/leads.port'
import type { AppError } from '../failure'
import { formNotFound, formPasswordNotCorrect, leadFailure, serverMessageOrSomethingWentWrong, TEXT } from '../errors'
import type { UserForm } from '../../contract/forms.codecs'
import type { Lead, LeadBody } from '../../contract/leads.routes'

/**
 * GET /forms/user-form/{id}[?password=]. Left Refused with status 401 and the server's text ('The
 * password for this form is not correct.') when the password is missing or wrong, so the page can ask
 * for it; Left 'Form not found. Redirecting to home page' on any other failure; Left 'Consent form
 * already signed. Redirecting to home page' for a signed consent form.
 */
@injectable()
export class LoadUserForm {
  constructor(@inject(PORTS.FormsApi) private readonly forms: FormsApi) {}
  async execute(formId: string, password?: string): Promise<E.Either<AppError, UserForm>> {
    const result = await this.forms.userForm(formId, password)
    if (E.isLeft(result)) {
      const f = result.left
      return E.left(f._tag === 'HttpError' && f.status === 401 ? formPasswordNotCorrect(f) : formNotFound(f))
    }
    if (result.right.type === 'consent' && result.right.isSigned) {
      return E.left({ _tag: 'Refused', message: TEXT.consentAlreadySigned })
    }
    return result
  }
}

/** POST /forms/user-form/sign/{id}/public. Right: 'Thank you for completing your form.' */
@injectable()
export class SignConsentForm {
  constructor(@inject(PORTS.FormsApi) private readonly forms: FormsApi) {}
  async execute(formId: string, signature: string, password?: string): Promise<E.Either<AppError, string>> {
    const result = await this.forms.sign(formId, { signature, ...(password ? { password } : {}) })
    return E.isLeft(result) ? E.left(serverMessageOrSomethingWentWrong(result.left)) : E.right(TEXT.formThankYou)
  }
}

/** POST /forms/user-form/update/{id}/public. Failure: server message or 'Something went wrong'. */
@injectable()
export class SubmitFormAnswers {
  constructor(@inject(PORTS.FormsApi) private readonly forms: FormsApi) {}
  async execute(formId: string, data: Record<string, unknown>, password?: string): Promise<E.Either<AppError, string>> {
    const result = await this.forms.update(formId, { data, ...(password ? { password } : {}) })
    return E.isLeft(result) ? E.left(serverMessageOrSomethingWentWrong(result.left)) : E.right(TEXT.formThankYou)
  }
}

/** POST /customers-lead?from=customer. Failure: "Sorry, your lead couldn't be created." */
@injectable()
export class SubmitLead {
  constructor(@inject(PORTS.LeadsApi) private readonly leads: LeadsApi) {}
  async execute(lead: LeadBody): Promise<E.Either<AppError, Lead>> {
    const result = await this.leads.create({
      ...lead,
      firstName: lead.firstName.trim(),
      surname: lead.surname.trim(),
      email: lead.email.trim().toLowerCase(),
    })
    return E.isLeft(result) ? E.left(leadFailure(result.left)) : result
  }
}
