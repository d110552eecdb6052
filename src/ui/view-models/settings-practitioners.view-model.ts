/**
 * /staff/settings: the practitioners (issue 29): profile (name, bio, shown online), weekly working
 * hours and breaks at each clinic, leave, the services they offer with their own price and duration.
 */
import { makeAutoObservable } from 'mobx'
import {
  addPractitioner,
  editPractitionerDay,
  editPractitionerLeave,
  editPractitionerProfile,
  editPractitionerService,
  offerService,
  periodsOf,
  periodsText,
  rangesOf,
  rangesText,
  type SetupEdit,
} from '../../application/setup/setup-edits'
import { WEEKDAYS, type SetupDocument, type Weekday } from '../../contract/setup-document.codecs'
import { emptyWeek, type Week } from './settings-clinics.view-model'
import { numberOf, textOf, type SettingsSession } from './settings-session.view-model'

/** A service as this practitioner offers it; empty price or duration: the service's. */
export type Offer = { offers: boolean; price: string; duration: string }

const emptyDraft = () => ({ name: '', description: '', online: true, hours: emptyWeek(), breaks: emptyWeek(), leave: '', services: {} as Record<string, Offer> })
export type PractitionerDraft = ReturnType<typeof emptyDraft>

export class PractitionerSettingsViewModel {
  practitioner = ''
  clinic = ''
  draft: PractitionerDraft = emptyDraft()
  newPractitioner = ''

  constructor(readonly session: SettingsSession) {
    makeAutoObservable(this, { session: false })
    session.onShow((doc) => this.select(doc.practitioners.some((p) => p.slug === this.practitioner) ? this.practitioner : (doc.practitioners[0]?.slug ?? ''), this.clinic || undefined, doc))
  }

  get label(): string {
    return this.session.practitioners.find((o) => o.value === this.practitioner)?.label ?? 'this practitioner'
  }

  select(slug: string, clinic?: string, doc: SetupDocument | undefined = this.session.document): void {
    this.practitioner = slug
    const p = doc?.practitioners.find((x) => x.slug === slug)
    if (!p) return
    this.clinic = clinic && doc?.clinics.some((c) => c.slug === clinic) ? clinic : Object.keys(p.hours)[0] || doc?.clinics[0]?.slug || ''
    const week = p.hours[this.clinic] ?? {}
    const hours = emptyWeek()
    const breaks: Week = emptyWeek()
    for (const d of WEEKDAYS) {
      hours[d] = rangesText(week[d]?.work)
      breaks[d] = rangesText(week[d]?.breaks)
    }
    const services = Object.fromEntries(
      (doc?.services ?? []).map((s) => {
        const own = s.practitioners[slug]
        return [s.slug, { offers: slug in s.practitioners, price: textOf(own?.price), duration: textOf(own?.duration) }]
      }),
    )
    this.draft = { name: p.name, description: p.description ?? '', online: p.online, hours, breaks, leave: periodsText(p.leave), services }
  }

  setProfile<K extends 'name' | 'description' | 'online'>(key: K, value: PractitionerDraft[K]): void {
    this.draft[key] = value
  }

  setService(service: string, change: Partial<Offer>): void {
    this.draft.services[service] = { ...(this.draft.services[service] ?? { offers: false, price: '', duration: '' }), ...change }
  }

  setHours(day: Weekday, text: string): void {
    this.draft.hours[day] = text
  }

  setBreaks(day: Weekday, text: string): void {
    this.draft.breaks[day] = text
  }

  setLeave(text: string): void {
    this.draft.leave = text
  }

  /** Profile, the week at the chosen clinic (a day without working times is off, its breaks with it), leave and services in one save. */
  async save(): Promise<void> {
    const { practitioner: slug, clinic, draft } = this
    const edits: SetupEdit[] = [editPractitionerProfile(slug, { name: draft.name, description: draft.description, online: draft.online })]
    for (const day of WEEKDAYS) {
      const work = rangesOf(draft.hours[day])
      const breaks = rangesOf(draft.breaks[day])
      edits.push(editPractitionerDay(slug, clinic, day, work.length > 0 ? { work, ...(breaks.length > 0 ? { breaks } : {}) } : undefined))
    }
    edits.push(editPractitionerLeave(slug, periodsOf(draft.leave)))
    for (const [service, offer] of Object.entries(draft.services)) {
      edits.push(offerService(service, slug, offer.offers))
      if (offer.offers) edits.push(editPractitionerService(service, slug, { price: numberOf(offer.price), duration: numberOf(offer.duration) }))
    }
    await this.session.save((doc) => edits.reduce((d, edit) => edit(d), doc))
  }

  setNew(name: string): void {
    this.newPractitioner = name
  }

  async add(): Promise<void> {
    if (await this.session.save(addPractitioner(this.newPractitioner.trim()))) {
      this.newPractitioner = ''
      this.select(this.session.document?.practitioners.at(-1)?.slug ?? '')
    }
  }

  askArchive(): void {
    this.session.askArchive('practitioners', this.practitioner, this.label)
  }
}
