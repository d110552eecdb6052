import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../../application/inject'
import { ADMIN_PORTS } from '../../application/admin.tokens'
import type { TokenStore } from '../../application/ports/token-store.port'
import { ExportSetup, StaffMe } from '../../application/use-cases/admin.use-case'
import { SaveSetup } from '../../application/use-cases/save-setup.use-case'
import {
  addClinic,
  addPractitioner,
  addService,
  archiveItem,
  editClinic,
  offerService,
  editEmbedHosts,
  editOrganisation,
  editPractitionerDay,
  editPractitionerLeave,
  editService,
  editServiceLocation,
  periodsOf,
  periodsText,
  rangesOf,
  rangesText,
  weeklyOf,
  type SetupEdit,
} from '../../application/setup/setup-edits'
import type { PlanStep } from '../../contract/admin.routes'
import { WEEKDAYS, type SetupDocument, type Weekday } from '../../contract/setup-document.codecs'
import type { StaffUser } from '../../contract/staff.routes'
import { DEPOSIT_TYPES } from '../../domain/pricing/deposit'
import type { Exec } from './app-services'

export const SETTINGS_SECTIONS = ['organisation', 'clinics', 'services', 'practitioners', 'embed'] as const
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]
export type DepositChoice = '' | (typeof DEPOSIT_TYPES)[number]

type Week = Record<Weekday, string>
const emptyWeek = (): Week => Object.fromEntries(WEEKDAYS.map((d) => [d, ''])) as Week

/** A number typed in a form: a number when it reads as one, else the text (the codec then says 'must be a number'). */
export const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : (text as unknown as number))

/** What a save did, in a line: 'Saved: change clinic bath (openingHours).' */
export function savedText(plan: readonly PlanStep[]): string {
  if (plan.length === 0) return 'Nothing to save: the settings already say this.'
  return `Saved: ${plan.map((s) => `${s.action} ${s.kind} ${s.slug}${s.changes?.length ? ` (${s.changes.join(', ')})` : ''}`).join('; ')}.`
}

/**
 * /staff/settings (issue 29): the owner's set-up in the browser. Each save reads the current
 * document, makes one change (src/application/setup/setup-edits.ts) and applies it through the same
 * engine as `clinic admin apply` (SaveSetup). Admins only: the server refuses anyone else (403).
 */
@injectable()
export class StaffSettingsViewModel {
  signedIn = false
  staff?: StaffUser = undefined
  document?: SetupDocument = undefined
  section: SettingsSection = 'organisation'
  loading = false
  saving = false
  error?: string = undefined
  /** the checks' 'path: problem' lines of the last save */
  errors: readonly string[] = []
  notice?: string = undefined

  org = {
    name: '',
    thankYouText: '',
    termsAndConditionsText: '',
    homeBannerText: '',
    showHomeBannerText: false,
    lateCancellationPeriod: '',
    lateCancellationChargeValue: '',
    cancellationRules: '',
    bookingDepositType: 'percentage' as (typeof DEPOSIT_TYPES)[number],
    bookingDepositAmount: '',
    sellGiftVoucherOnline: false,
    /** '50, 100, 150' */
    giftVoucherValues: '',
  }
  clinic = ''
  clinicDraft = { accountName: '', line1: '', line2: '', city: '', postCode: '', active: true, online: true, hours: emptyWeek(), closedDays: '' }
  service = ''
  serviceDraft = { name: '', price: '', duration: '', online: true, deposit: '' as DepositChoice, depositAmount: '', locations: {} as Record<string, { offered: boolean; online: boolean; price: string }> }
  practitioner = ''
  practitionerClinic = ''
  practitionerDraft = { hours: emptyWeek(), leave: '', services: {} as Record<string, boolean> }
  embedHosts = ''
  /** the new items' forms */
  newClinic = { name: '', accountName: '', line1: '', city: '' }
  newService = { name: '', duration: '60', price: '' }
  newPractitioner = ''
  /** the item whose archiving waits for a confirmation */
  archiving?: { kind: 'clinics' | 'services' | 'practitioners'; slug: string; name: string } = undefined

  constructor(
    @inject(ExportSetup) private readonly exportSetup: Exec<ExportSetup>,
    @inject(SaveSetup) private readonly saveSetup: Exec<SaveSetup>,
    @inject(StaffMe) private readonly me: Exec<StaffMe>,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
  ) {
    makeAutoObservable<StaffSettingsViewModel, 'exportSetup' | 'saveSetup' | 'me' | 'tokens'>(this, { exportSetup: false, saveSetup: false, me: false, tokens: false })
  }

  get isAdmin(): boolean {
    return this.staff?.role === 'admin'
  }

  get clinics(): { value: string; label: string }[] {
    return (this.document?.clinics ?? []).map((c) => ({ value: c.slug, label: c.name ?? c.accountName }))
  }

  get services(): { value: string; label: string }[] {
    return (this.document?.services ?? []).map((s) => ({ value: s.slug, label: s.name }))
  }

  get practitioners(): { value: string; label: string }[] {
    return (this.document?.practitioners ?? []).map((p) => ({ value: p.slug, label: p.name }))
  }

  async enter(): Promise<void> {
    this.signedIn = this.tokens.get() !== null
    if (!this.signedIn) return
    const me = await this.me.execute()
    runInAction(() => {
      if (E.isLeft(me)) {
        this.signedIn = this.tokens.get() !== null
        this.error = me.left.message
        return
      }
      this.staff = me.right
    })
    if (!this.isAdmin) return
    this.loading = true
    const doc = await this.exportSetup.execute()
    runInAction(() => {
      this.loading = false
      if (E.isLeft(doc)) this.error = doc.left.message
      else this.show(doc.right)
    })
  }

  setSection(section: SettingsSection): void {
    this.section = section
    this.errors = []
    this.notice = undefined
  }

  /** Fills every form from the document (after loading, and after each save). */
  private show(doc: SetupDocument): void {
    this.document = doc
    const s = doc.organisation.settings
    this.org = {
      name: doc.organisation.name,
      thankYouText: s.thankYouText ?? '',
      termsAndConditionsText: s.termsAndConditionsText ?? '',
      homeBannerText: s.homeBannerText ?? '',
      showHomeBannerText: s.showHomeBannerText,
      lateCancellationPeriod: s.lateCancellationPeriod === undefined ? '' : String(s.lateCancellationPeriod),
      lateCancellationChargeValue: s.lateCancellationChargeValue === undefined ? '' : String(s.lateCancellationChargeValue),
      cancellationRules: s.cancellationRules ?? '',
      bookingDepositType: s.bookingDepositType,
      bookingDepositAmount: String(s.bookingDepositAmount),
      sellGiftVoucherOnline: s.sellGiftVoucherOnline,
      giftVoucherValues: s.giftVoucherValues.join(', '),
    }
    this.embedHosts = (s.embedHosts ?? []).join('\n')
    this.selectClinic(doc.clinics.some((c) => c.slug === this.clinic) ? this.clinic : (doc.clinics[0]?.slug ?? ''))
    this.selectService(doc.services.some((x) => x.slug === this.service) ? this.service : (doc.services[0]?.slug ?? ''))
    this.selectPractitioner(doc.practitioners.some((p) => p.slug === this.practitioner) ? this.practitioner : (doc.practitioners[0]?.slug ?? ''))
  }

  setOrg<K extends keyof StaffSettingsViewModel['org']>(key: K, value: StaffSettingsViewModel['org'][K]): void {
    this.org[key] = value
  }

  async saveOrganisation(): Promise<void> {
    const o = this.org
    await this.save(
      editOrganisation({
        name: o.name,
        thankYouText: o.thankYouText,
        termsAndConditionsText: o.termsAndConditionsText,
        homeBannerText: o.homeBannerText,
        showHomeBannerText: o.showHomeBannerText,
        lateCancellationPeriod: numberOf(o.lateCancellationPeriod),
        lateCancellationChargeValue: numberOf(o.lateCancellationChargeValue),
        cancellationRules: o.cancellationRules,
        bookingDepositType: o.bookingDepositType,
        bookingDepositAmount: numberOf(o.bookingDepositAmount),
        sellGiftVoucherOnline: o.sellGiftVoucherOnline,
        giftVoucherValues: o.giftVoucherValues.split(',').map((v) => v.trim()).filter(Boolean).map((v) => numberOf(v)),
      }),
    )
  }

  selectClinic(slug: string): void {
    this.clinic = slug
    const c = this.document?.clinics.find((x) => x.slug === slug)
    if (!c) return
    const hours = emptyWeek()
    for (const d of WEEKDAYS) hours[d] = rangesText(c.openingHours[d])
    this.clinicDraft = {
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

  /** Spec section 4: deactivating a clinic also hides it online (turning it on again is the owner's choice). */
  setClinicField<K extends Exclude<keyof StaffSettingsViewModel['clinicDraft'], 'hours'>>(key: K, value: StaffSettingsViewModel['clinicDraft'][K]): void {
    this.clinicDraft[key] = value
    if (key === 'active' && value === false) this.clinicDraft.online = false
  }

  setClinicHours(day: Weekday, text: string): void {
    this.clinicDraft.hours[day] = text
  }

  async saveClinic(): Promise<void> {
    const c = this.clinicDraft
    await this.save(
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

  selectService(slug: string): void {
    this.service = slug
    const s = this.document?.services.find((x) => x.slug === slug)
    if (!s) return
    const locations: Record<string, { offered: boolean; online: boolean; price: string }> = {}
    for (const c of this.document?.clinics ?? []) {
      const at = s.locations[c.slug]
      locations[c.slug] = { offered: at !== undefined, online: at?.online ?? false, price: at?.price === undefined ? '' : String(at.price) }
    }
    this.serviceDraft = {
      name: s.name,
      price: String(s.price),
      duration: String(s.duration),
      online: s.online,
      deposit: s.deposit?.type ?? '',
      depositAmount: s.deposit?.amount === undefined ? '' : String(s.deposit.amount),
      locations,
    }
  }

  /** A service taken offline is hidden online at every clinic too (a location cannot show what the service does not). */
  setServiceField<K extends Exclude<keyof StaffSettingsViewModel['serviceDraft'], 'locations'>>(key: K, value: StaffSettingsViewModel['serviceDraft'][K]): void {
    this.serviceDraft[key] = value
    if (key === 'online' && value === false) for (const at of Object.values(this.serviceDraft.locations)) at.online = false
  }

  setServiceLocation(clinic: string, change: Partial<{ offered: boolean; online: boolean; price: string }>): void {
    this.serviceDraft.locations[clinic] = { ...(this.serviceDraft.locations[clinic] ?? { offered: false, online: false, price: '' }), ...change }
  }

  async saveService(): Promise<void> {
    const s = this.serviceDraft
    const deposit = s.deposit ? { type: s.deposit, ...(numberOf(s.depositAmount) !== undefined ? { amount: numberOf(s.depositAmount)! } : {}) } : undefined
    const edits: SetupEdit[] = [
      editService(this.service, { name: s.name, price: numberOf(s.price), duration: numberOf(s.duration), online: s.online, deposit }),
      ...Object.entries(s.locations).map(([clinic, at]) => editServiceLocation(this.service, clinic, { offered: at.offered, online: at.online, price: numberOf(at.price) })),
    ]
    await this.save((doc) => edits.reduce((d, edit) => edit(d), doc))
  }

  selectPractitioner(slug: string, clinic?: string): void {
    this.practitioner = slug
    const p = this.document?.practitioners.find((x) => x.slug === slug)
    if (!p) return
    this.practitionerClinic = clinic ?? (Object.keys(p.hours)[0] || this.document?.clinics[0]?.slug || '')
    const week = p.hours[this.practitionerClinic] ?? {}
    const hours = emptyWeek()
    for (const d of WEEKDAYS) hours[d] = rangesText(week[d]?.work)
    const services = Object.fromEntries((this.document?.services ?? []).map((s) => [s.slug, slug in s.practitioners]))
    this.practitionerDraft = { hours, leave: periodsText(p.leave), services }
  }

  setPractitionerService(service: string, offers: boolean): void {
    this.practitionerDraft.services[service] = offers
  }

  setPractitionerHours(day: Weekday, text: string): void {
    this.practitionerDraft.hours[day] = text
  }

  setPractitionerLeave(text: string): void {
    this.practitionerDraft.leave = text
  }

  async savePractitioner(): Promise<void> {
    const { practitioner: slug, practitionerClinic: clinic, practitionerDraft: draft } = this
    const current = this.document?.practitioners.find((p) => p.slug === slug)?.hours[clinic] ?? {}
    const edits: SetupEdit[] = WEEKDAYS.map((day) => {
      const work = rangesOf(draft.hours[day])
      const breaks = current[day]?.breaks
      return editPractitionerDay(slug, clinic, day, work.length > 0 ? { work, ...(breaks ? { breaks } : {}) } : undefined)
    })
    edits.push(editPractitionerLeave(slug, periodsOf(draft.leave)))
    for (const [service, offers] of Object.entries(draft.services)) edits.push(offerService(service, slug, offers))
    await this.save((doc) => edits.reduce((d, edit) => edit(d), doc))
  }

  setEmbedHosts(text: string): void {
    this.embedHosts = text
  }

  async saveEmbedHosts(): Promise<void> {
    await this.save(editEmbedHosts(this.embedHosts.split('\n').map((s) => s.trim()).filter(Boolean)))
  }

  setNew<K extends 'newClinic' | 'newService'>(form: K, key: keyof StaffSettingsViewModel[K], value: string): void {
    ;(this[form] as Record<string, string>)[key as string] = value
  }

  setNewPractitioner(name: string): void {
    this.newPractitioner = name
  }

  /** A new item, then its form opens on it (it is the last of its list). */
  async addClinic(): Promise<void> {
    const c = this.newClinic
    if (await this.save(addClinic({ name: c.name.trim(), accountName: c.accountName || c.name, line1: c.line1, city: c.city }))) {
      this.newClinic = { name: '', accountName: '', line1: '', city: '' }
      this.selectClinic(this.document?.clinics.at(-1)?.slug ?? '')
    }
  }

  async addService(): Promise<void> {
    const s = this.newService
    if (await this.save(addService({ name: s.name.trim(), duration: numberOf(s.duration)!, price: numberOf(s.price)! }))) {
      this.newService = { name: '', duration: '60', price: '' }
      this.selectService(this.document?.services.at(-1)?.slug ?? '')
    }
  }

  async addPractitioner(): Promise<void> {
    if (await this.save(addPractitioner(this.newPractitioner.trim()))) {
      this.newPractitioner = ''
      this.selectPractitioner(this.document?.practitioners.at(-1)?.slug ?? '')
    }
  }

  askArchive(kind: 'clinics' | 'services' | 'practitioners'): void {
    const slug = kind === 'clinics' ? this.clinic : kind === 'services' ? this.service : this.practitioner
    const name = (kind === 'clinics' ? this.clinics : kind === 'services' ? this.services : this.practitioners).find((o) => o.value === slug)?.label ?? slug
    this.archiving = { kind, slug, name }
  }

  closeArchive(): void {
    this.archiving = undefined
  }

  /** Archived: hidden online and from these forms, its bookings kept; a set-up file naming it again brings it back. */
  async confirmArchive(): Promise<void> {
    const target = this.archiving
    this.archiving = undefined
    if (target) await this.save(archiveItem(target.kind, target.slug))
  }

  /** One change through the one engine; the forms show the set-up as it then is. */
  private async save(edit: SetupEdit): Promise<boolean> {
    this.saving = true
    this.error = undefined
    this.errors = []
    this.notice = undefined
    const result = await this.saveSetup.execute(edit)
    return runInAction(() => {
      this.saving = false
      if (E.isLeft(result)) {
        if (result.left._tag === 'InvalidSetup') this.errors = result.left.errors
        else this.error = result.left.message
        this.signedIn = this.tokens.get() !== null
        return false
      }
      this.notice = savedText(result.right.plan)
      this.show(result.right.document)
      return true
    })
  }
}
