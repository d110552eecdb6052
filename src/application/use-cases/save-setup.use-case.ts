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
import type { PlanStep, SetupPlan } from '../../contract/admin.routes'
import { archiveWithBookingsMessage, archivesWithBookings } from '../../domain/setup/archive-with-bookings'
import { checkSetupDocument } from '../../contract/setup-document.check'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import { SETUP_CHANGED, setupVersion } from '../../contract/setup-document.version'
import type { SetupEdit } from '../setup/setup-edits'

export type SaveSetupFailure =
  | { readonly _tag: 'InvalidSetup'; readonly message: string; readonly errors: readonly string[] }
  /** Someone else saved the set-up since `expectedVersion` was read: nothing was written. */
  | { readonly _tag: 'SetupChanged'; readonly message: string }
  /** The change archives items that still have upcoming bookings (the server's count, per step): nothing was written. */
  | { readonly _tag: 'ArchivesWithBookings'; readonly message: string; readonly steps: readonly PlanStep[] }
  | AppError

export interface SavedSetup extends SetupPlan {
  /** the tenant's set-up after the save */
  readonly document: SetupDocument
  /** its version (setup-document.version.ts), for the next save */
  readonly version: string
}

const changed = (): SaveSetupFailure => ({ _tag: 'SetupChanged', message: SETUP_CHANGED })

@injectable()
export class SaveSetup {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}

  /**
   * `expectedVersion`: the version of the document the user's form was filled from. When the set-up
   * is no longer that version (now, or by the time the server applies), nothing is saved.
   * `archiveWithBookings`: archive items that still have upcoming bookings (the user confirmed them);
   * without it such a change is refused as the CLI's apply is.
   */
  async execute(edit: SetupEdit, expectedVersion?: string, archiveWithBookings = false): Promise<E.Either<SaveSetupFailure, SavedSetup>> {
    const current = await this.api.exportSetup()
    if (E.isLeft(current)) return E.left(requestFailure(current.left))
    const version = setupVersion(current.right)
    if (expectedVersion !== undefined && version !== expectedVersion) return E.left(changed())
    const desired = checkSetupDocument(edit(current.right))
    if (E.isLeft(desired)) return E.left({ _tag: 'InvalidSetup', message: desired.left.join('\n'), errors: desired.left })
    const applied = await this.api.applySetup(desired.right, false, version, archiveWithBookings)
    if (E.isLeft(applied)) {
      const conflict = applied.left._tag === 'HttpError' && applied.left.status === 409
      if (!conflict) return E.left(requestFailure(applied.left))
      return E.left(archiveWithBookings ? changed() : await this.whyRefused(desired.right, version))
    }
    const after = await this.api.exportSetup()
    const document = E.isRight(after) ? after.right : desired.right
    return E.right({ ...applied.right, document, version: setupVersion(document) })
  }

  /**
   * A 409 is the set-up changed since, or archives that leave bookings behind: the server's own plan of
   * the same document on the same version (a dry run, which counts each archive's upcoming bookings) says which.
   */
  private async whyRefused(document: SetupDocument, version: string): Promise<SaveSetupFailure> {
    const planned = await this.api.applySetup(document, true, version)
    const steps = E.isRight(planned) ? archivesWithBookings(planned.right.plan) : []
    return steps.length > 0 ? { _tag: 'ArchivesWithBookings', message: archiveWithBookingsMessage(steps), steps } : changed()
  }
}
