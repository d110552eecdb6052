/**
 * The piece of /staff/settings every section shares (issue 29): who is signed in, the set-up document
 * and its version, the one save (SaveSetup: read, one edit, check, the engine's plan and apply), its
 * errors and notice, and the archive confirmation. Each section's view model fills its form from the
 * document (onShow) and saves through save().
 */
import { makeAutoObservable, runInAction } from 'mobx'
import * as E from 'fp-ts/Either'
import type { TokenStore } from '../../application/ports/token-store.port'
import type { ExportSetup, StaffMe } from '../../application/use-cases/admin.use-case'
import type { SaveSetup, SaveSetupFailure } from '../../application/use-cases/save-setup.use-case'
import { upcomingBookingsLeft } from '../../domain/setup/archive-with-bookings'
import { archiveItem, type ArchivableKind, type SetupEdit } from '../../application/setup/setup-edits'
import type { PlanStep } from '../../contract/admin.routes'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import { setupVersion } from '../../contract/setup-document.version'
import type { StaffUser } from '../../contract/staff.routes'
import type { Exec } from './app-services'
import { enterAsStaff } from './staff-entry'

/** A number typed in a form: a number when it reads as one, else the text (the codec then says 'must be a number'). */
export const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : (text as unknown as number))
export const textOf = (n: number | undefined): string => (n === undefined ? '' : String(n))

/** What a save did, in a line: 'Saved: change clinic bath (openingHours).' */
export function savedText(plan: readonly PlanStep[]): string {
  if (plan.length === 0) return 'Nothing to save: the settings already say this.'
  return `Saved: ${plan.map((s) => `${s.action} ${s.kind} ${s.slug}${s.changes?.length ? ` (${s.changes.join(', ')})` : ''}`).join('; ')}.`
}

export type Option = { value: string; label: string }
const SINGULAR: Record<ArchivableKind, string> = { clinics: 'clinic', categories: 'category', services: 'service', courses: 'course', practitioners: 'practitioner' }
export const singular = (kind: ArchivableKind): string => SINGULAR[kind]

export class SettingsSession {
  signedIn = false
  staff?: StaffUser = undefined
  document?: SetupDocument = undefined
  /** the version of `document` (setup-document.version.ts): each save is made on it */
  version?: string = undefined
  loading = false
  saving = false
  error?: string = undefined
  /** the checks' 'path: problem' lines of the last save */
  errors: readonly string[] = []
  notice?: string = undefined
  /** someone else saved since the document was read: the typed values stay until a reload */
  changedElsewhere = false
  /**
   * the item whose archiving waits for a confirmation; with `upcomingBookings` (the server's count) once
   * archiving it was refused for them: confirming again archives it anyway, its bookings kept
   */
  archiving?: { kind: ArchivableKind; slug: string; name: string; upcomingBookings?: number } = undefined
  private readonly shows: ((doc: SetupDocument) => void)[] = []

  constructor(
    private readonly exportSetup: Exec<ExportSetup>,
    private readonly saveSetup: Exec<SaveSetup>,
    private readonly me: Exec<StaffMe>,
    private readonly tokens: TokenStore,
  ) {
    makeAutoObservable<SettingsSession, 'exportSetup' | 'saveSetup' | 'me' | 'tokens' | 'shows'>(this, { exportSetup: false, saveSetup: false, me: false, tokens: false, shows: false })
  }

  get isAdmin(): boolean {
    return this.staff?.role === 'admin'
  }

  private options<T extends { slug: string }>(items: readonly T[] | undefined, label: (item: T) => string): Option[] {
    return (items ?? []).map((item) => ({ value: item.slug, label: label(item) }))
  }
  get clinics(): Option[] {
    return this.options(this.document?.clinics, (c) => c.name ?? c.accountName)
  }
  get categories(): Option[] {
    return this.options(this.document?.categories, (c) => c.name)
  }
  get services(): Option[] {
    return this.options(this.document?.services, (s) => s.name)
  }
  get courses(): Option[] {
    return this.options(this.document?.courses, (c) => c.name)
  }
  get practitioners(): Option[] {
    return this.options(this.document?.practitioners, (p) => p.name)
  }

  /** A section's form filler, called with the document after each load and save. */
  onShow(fill: (doc: SetupDocument) => void): void {
    this.shows.push(fill)
  }

  async enter(): Promise<void> {
    this.signedIn = this.tokens.get() !== null
    if (!this.signedIn) return
    const entry = await enterAsStaff(this.tokens, this.me)
    runInAction(() => Object.assign(this, entry))
    if (this.isAdmin) await this.reload()
  }

  /** Reads the set-up again: every form shows it as it now is (the typed values go). */
  async reload(): Promise<void> {
    this.loading = true
    this.clearMessages()
    const doc = await this.exportSetup.execute()
    runInAction(() => {
      this.loading = false
      if (E.isLeft(doc)) this.error = doc.left.message
      else this.show(doc.right, setupVersion(doc.right))
    })
  }

  clearMessages(): void {
    this.error = undefined
    this.errors = []
    this.notice = undefined
    this.changedElsewhere = false
  }

  /** A refusal in the browser before any save (the spec's location-flag texts). */
  refuse(text: string): void {
    this.clearMessages()
    this.error = text
  }

  private show(doc: SetupDocument, version: string): void {
    this.document = doc
    this.version = version
    for (const fill of this.shows) fill(doc)
  }

  /** One change through the one engine, made on the version read; the forms show the set-up as it then is. */
  async save(edit: SetupEdit): Promise<boolean> {
    return (await this.apply(edit, false)) === undefined
  }

  /** The save; its failure, or undefined when saved. `archiveWithBookings`: the user confirmed the archive's upcoming bookings. */
  private async apply(edit: SetupEdit, archiveWithBookings: boolean, onArchivesWithBookings?: (upcoming: number) => void): Promise<SaveSetupFailure | undefined> {
    this.saving = true
    this.clearMessages()
    const result = await this.saveSetup.execute(edit, this.version, archiveWithBookings)
    return runInAction(() => {
      this.saving = false
      if (E.isLeft(result)) {
        // The archive dialog asks again, naming the bookings: a question, not an error.
        if (result.left._tag === 'ArchivesWithBookings' && onArchivesWithBookings) onArchivesWithBookings(upcomingBookingsLeft(result.left.steps))
        else if (result.left._tag === 'InvalidSetup') this.errors = result.left.errors
        else this.error = result.left.message
        this.changedElsewhere = result.left._tag === 'SetupChanged'
        this.signedIn = this.tokens.get() !== null
        return result.left
      }
      this.notice = savedText(result.right.plan)
      this.show(result.right.document, result.right.version)
      return undefined
    })
  }

  askArchive(kind: ArchivableKind, slug: string, name: string): void {
    if (slug) this.archiving = { kind, slug, name }
  }

  closeArchive(): void {
    this.archiving = undefined
  }

  /**
   * Archived: hidden online and from these forms, its bookings kept; a set-up file naming it again brings
   * it back. First asked without the bookings (as `clinic admin apply` without --archive-with-bookings):
   * when the server counts upcoming bookings, the dialog opens again with their number, and only that
   * second confirmation archives it anyway.
   */
  async confirmArchive(): Promise<void> {
    const target = this.archiving
    this.archiving = undefined
    if (!target) return
    const withBookings = target.upcomingBookings !== undefined
    await this.apply(archiveItem(target.kind, target.slug), withBookings, (upcomingBookings) => {
      this.archiving = { ...target, upcomingBookings }
    })
  }
}
