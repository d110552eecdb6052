/** The settings view models' tests: a server of one tenant behind the AdminApi port (issue 29). */
import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/Either'
import { parse } from 'yaml'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import type { ApiFailure, AppError } from '../../application/failure'
import type { CreateStaffBody, UpdateStaffBody } from '../../contract/admin.routes'
import type { StaffUser } from '../../contract/staff.routes'
import type { AdminApi } from '../../application/ports/admin.port'
import { planSetup } from '../../application/setup/plan-setup'
import { SaveSetup } from '../../application/use-cases/save-setup.use-case'
import { checkSetupDocument } from '../../contract/setup-document.check'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import { setupVersion } from '../../contract/setup-document.version'
import { archiveWithBookingsMessage, archivesWithBookings, mayApplyArchives } from '../../domain/setup/archive-with-bookings'
import { StaffSettingsViewModel } from './staff-settings.view-model'
import { useCase } from './account.view-model.test-support'

export function example(): SetupDocument {
  const checked = checkSetupDocument(parse(readFileSync('docs/examples/clinic.yaml', 'utf8')))
  if (E.isLeft(checked)) throw new Error(checked.left.join('\n'))
  return checked.right
}

/**
 * A server of one tenant: export gives its document, apply plans with the real planner, checks the
 * version as the server does (409 when the set-up changed since) and keeps the result.
 * `beforeApply` runs inside an apply before its check (another admin's save landing just then).
 * `document`: the tenant's set-up to start from (docs/examples/clinic.yaml by default).
 * `upcoming`: upcoming bookings by 'kind:slug' ('practitioner:maya'): the plan counts them on its archives,
 * and an apply that would archive such an item is refused (409) unless archiveWithBookings, as the server's.
 */
export function fakeServer(role: 'admin' | 'practitioner' = 'admin', document: SetupDocument = example()) {
  let stored = document
  const applied: SetupDocument[] = []
  const hooks: { beforeApply?: () => void } = {}
  const upcoming: Record<string, number> = {}
  const conflict = (message: string) => E.left<ApiFailure>({ _tag: 'HttpError', status: 409, message, serverMessage: message })
  const api = {
    exportSetup: async () => E.right(structuredClone(stored)),
    applySetup: async (document: SetupDocument, dryRun: boolean, expectedVersion?: string, archiveWithBookings = false) => {
      hooks.beforeApply?.()
      hooks.beforeApply = undefined
      if (expectedVersion !== undefined && expectedVersion !== setupVersion(stored)) return conflict('changed')
      const plan = planSetup({ document: stored, archived: {} }, document).map((step) => {
        const n = step.action === 'archive' ? upcoming[`${step.kind}:${step.slug}`] : undefined
        return n ? { ...step, upcomingBookings: n } : step
      })
      if (!dryRun && !mayApplyArchives(plan, archiveWithBookings)) return conflict(archiveWithBookingsMessage(archivesWithBookings(plan)))
      if (!dryRun) {
        applied.push(document)
        stored = document
      }
      return E.right({ plan, applied: !dryRun && plan.length > 0 })
    },
  } as unknown as AdminApi
  const tokens = new InMemoryTokenStore()
  tokens.set('staff-token')
  const exportSetup = useCase(() => api.exportSetup())
  const me = useCase(async () => E.right({ id: 'a'.repeat(24), email: 'owner@riverside.example', displayName: 'Owner', role }))
  /** the tenant's staff logins: POST /admin/staff answers as the server does (409 for a taken email) */
  const logins: StaffUser[] = [{ id: 'a'.repeat(24), email: 'owner@riverside.example', displayName: 'Owner', role: 'admin' }]
  const addStaff = useCase(async (body: CreateStaffBody) => {
    if (logins.some((l) => l.email === body.email)) return E.left<AppError>({ _tag: 'Refused', status: 409, message: 'A staff login with this email already exists.' })
    const staff: StaffUser = { id: String(logins.length).padStart(24, 'b'), email: body.email, displayName: body.displayName, role: body.role, ...(body.practitioner ? { practitionerSlug: body.practitioner } : {}) }
    logins.push(staff)
    return E.right({ staff, setPasswordUrl: `https://riverside.example/staff/set-password/token-${logins.length}` })
  })
  const listStaff = useCase(async () => E.right(structuredClone(logins)))
  const refused = (status: number, message: string) => E.left<AppError>({ _tag: 'Refused', status, message })
  const lastAdmin = (id: string) => !logins.some((l) => l.id !== id && l.role === 'admin')
  /** PUT and DELETE /admin/staff/{id} as the server answers them (the last admin, one's own login) */
  const changeStaff = useCase(async (id: string, body: UpdateStaffBody) => {
    const login = logins.find((l) => l.id === id)
    if (!login) return refused(404, 'No staff login of this clinic has that id.')
    if (login.role === 'admin' && body.role === 'practitioner' && lastAdmin(id)) return refused(409, 'A clinic needs at least one admin: make another login an admin first.')
    if (body.role) login.role = body.role
    return E.right(structuredClone(login))
  })
  const removeStaff = useCase(async (id: string) => {
    const at = logins.findIndex((l) => l.id === id)
    if (id === 'a'.repeat(24)) return refused(409, 'You cannot remove your own login. Ask another admin to remove it.')
    if (at < 0) return refused(404, 'No staff login of this clinic has that id.')
    return E.right(logins.splice(at, 1)[0]!)
  })
  const vm = new StaffSettingsViewModel(exportSetup as never, new SaveSetup(api), me as never, tokens, addStaff as never, listStaff as never, changeStaff as never, removeStaff as never)
  return {
    vm,
    applied,
    exportSetup,
    addStaff,
    changeStaff,
    removeStaff,
    logins,
    hooks,
    upcoming,
    stored: () => stored,
    /** another admin's save, straight to the server */
    change: (edit: (doc: SetupDocument) => SetupDocument) => {
      stored = edit(structuredClone(stored))
    },
  }
}
