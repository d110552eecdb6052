/**
 * A save on the settings pages (issue 29): reads the tenant's current set-up, makes the one change,
 * checks the result with the contract's rules (the same lines `clinic admin apply` prints) and applies
 * it through the one engine (POST /admin/setup: plan, then apply). One engine, two front ends.
 */
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../inject'
import { ADMIN_PORTS } from '../admin.tokens'
import type { AdminApi } from '../ports/admin.port'
import type { AppError } from '../failure'
import { requestFailure } from '../errors'
import type { SetupPlan } from '../../contract/admin.routes'
import { checkSetupDocument } from '../../contract/setup-document.check'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import type { SetupEdit } from '../setup/setup-edits'

export type SaveSetupFailure =
  | { readonly _tag: 'InvalidSetup'; readonly message: string; readonly errors: readonly string[] }
  | AppError

export interface SavedSetup extends SetupPlan {
  /** the tenant's set-up after the save */
  readonly document: SetupDocument
}

@injectable()
export class SaveSetup {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}

  async execute(edit: SetupEdit): Promise<E.Either<SaveSetupFailure, SavedSetup>> {
    const current = await this.api.exportSetup()
    if (E.isLeft(current)) return E.left(requestFailure(current.left))
    const desired = checkSetupDocument(edit(current.right))
    if (E.isLeft(desired)) return E.left({ _tag: 'InvalidSetup', message: desired.left.join('\n'), errors: desired.left })
    const applied = await this.api.applySetup(desired.right, false)
    if (E.isLeft(applied)) return E.left(requestFailure(applied.left))
    const after = await this.api.exportSetup()
    return E.right({ ...applied.right, document: E.isRight(after) ? after.right : desired.right })
  }
}
