/** /staff/settings: the clinics (address, hours, closed days, active and online flags), new and archived (issue 29). */
import { makeAutoObservable } from 'mobx'
import { addClinic, editClinic, periodsOf, periodsText, rangesText, weeklyOf } from '../../application/setup/setup-edits'
import { ITEM_CHANGE } from '../../contract/setup-document.check'
import { WEEKDAYS, type SetupDocument, type Weekday } from '../../contract/setup-document.codecs'
import type { SettingsSession } from './settings-session.view-model'

export type Week = Record<Weekday, string>
export const emptyWeek = (): Week => Object.fromEntries(WEEKDAYS.map((d) => [d, ''])) as Week

const emptyDraft = () => ({ accountName: '', line1: '', line2: '', city: '', postCode: '', active: true, online: true, hours: emptyWeek(), closedDays: '' })
export type ClinicDraft = ReturnType<typeof emptyDraft>
const emptyNew = () => ({ name: '', accountName: '', line1: '', city: '' })
export type NewClinic = ReturnType<typeof emptyNew>

export class ClinicSettingsViewModel {
  clinic = ''
  draft: ClinicDraft = emptyDraft()
  newClinic: NewClinic = emptyNew()

  constructor(readonly session: SettingsSession) {
    makeAutoObservable(this, { session: false })
    session.onShow((doc) => this.select(doc.clinics.some((c) => c.slug === this.clinic) ? this.clinic : (doc.clinics[0]?.slug ?? ''), doc))
  }

  get label(): string {
    return this.session.clinics.find((o) => o.value === this.clinic)?.label ?? 'this clinic'
  }

  select(slug: string, doc: SetupDocument | undefined = this.session.document): void {
    this.clinic = slug
    const c = doc?.clinics.find((x) => x.slug === slug)
    if (!c) return
    const hours = emptyWeek()
    for (const d of WEEKDAYS) hours[d] = rangesText(c.openingHours[d])
    this.draft = {
      accountName: c.accountName,
      line1: c.address.line1,
      line2: c.address.line2 ?? '',
      city: c.address.city,
      postCode: c.address.postCode ?? '',
      active: c.active,
      online: c.online,
      hours,
      closedDays: periodsText(c.closedDays),
    }
  }

  /**
   * Spec section 4: deactivating a clinic also hides it online; an inactive clinic cannot be shown
   * online (the spec's text, at once, and the box stays off).
   */
  setField<K extends Exclude<keyof ClinicDraft, 'hours'>>(key: K, value: ClinicDraft[K]): void {
    if (key === 'online' && value === true && !this.draft.active) return this.session.refuse(ITEM_CHANGE)
    this.draft[key] = value
    if (key === 'active' && value === false) this.draft.online = false
  }

  setHours(day: Weekday, text: string): void {
    this.draft.hours[day] = text
  }

  async save(): Promise<void> {
    const c = this.draft
    await this.session.save(
      editClinic(this.clinic, {
        accountName: c.accountName,
        address: { line1: c.line1, line2: c.line2, city: c.city, postCode: c.postCode },
        active: c.active,
        online: c.online,
        openingHours: weeklyOf(c.hours),
        closedDays: periodsOf(c.closedDays),
      }),
    )
  }

  setNew(key: keyof NewClinic, value: string): void {
    this.newClinic[key] = value
  }

  /** A new clinic, then the form opens on it (it is the last of the list). */
  async add(): Promise<void> {
    const c = this.newClinic
    if (await this.session.save(addClinic({ name: c.name.trim(), accountName: c.accountName || c.name, line1: c.line1, city: c.city }))) {
      this.newClinic = emptyNew()
      this.select(this.session.document?.clinics.at(-1)?.slug ?? '')
    }
  }

  askArchive(): void {
    this.session.askArchive('clinics', this.clinic, this.label)
  }
}
