/** /staff/settings: the services (price, duration, deposit, category, per-clinic price and visibility), new and archived (issue 29). */
import { makeAutoObservable } from 'mobx'
import { addService, editService, editServiceLocation, fileService, type SetupEdit } from '../../application/setup/setup-edits'
import { ACTIVATE } from '../../contract/setup-document.check'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import type { DEPOSIT_TYPES } from '../../domain/pricing/deposit'
import { numberOf, textOf, type SettingsSession } from './settings-session.view-model'

export type DepositChoice = '' | (typeof DEPOSIT_TYPES)[number]
export type ServiceAt = { offered: boolean; online: boolean; price: string }

const emptyDraft = () => ({ name: '', price: '', duration: '', online: true, deposit: '' as DepositChoice, depositAmount: '', category: '', locations: {} as Record<string, ServiceAt> })
export type ServiceDraft = ReturnType<typeof emptyDraft>
/** category: a category's slug; empty means the first category. */
const emptyNew = () => ({ name: '', duration: '60', price: '', category: '' })
export type NewService = ReturnType<typeof emptyNew>

export const NEEDS_CATEGORY = 'Add a category first (the Categories tab): the booking pages list services by category.'

export class ServiceSettingsViewModel {
  service = ''
  draft: ServiceDraft = emptyDraft()
  newService: NewService = emptyNew()

  constructor(readonly session: SettingsSession) {
    makeAutoObservable(this, { session: false })
    session.onShow((doc) => this.select(doc.services.some((s) => s.slug === this.service) ? this.service : (doc.services[0]?.slug ?? ''), doc))
  }

  get label(): string {
    return this.session.services.find((o) => o.value === this.service)?.label ?? 'this service'
  }

  select(slug: string, doc: SetupDocument | undefined = this.session.document): void {
    this.service = slug
    const s = doc?.services.find((x) => x.slug === slug)
    if (!s) return
    const locations: Record<string, ServiceAt> = {}
    for (const c of doc?.clinics ?? []) {
      const at = s.locations[c.slug]
      locations[c.slug] = { offered: at !== undefined, online: at?.online ?? false, price: textOf(at?.price) }
    }
    this.draft = {
      name: s.name,
      price: String(s.price),
      duration: String(s.duration),
      online: s.online,
      deposit: s.deposit?.type ?? '',
      depositAmount: textOf(s.deposit?.amount),
      category: s.category ?? '',
      locations,
    }
  }

  /** A service taken offline is hidden online at every clinic too (a location cannot show what the service does not). */
  setField<K extends Exclude<keyof ServiceDraft, 'locations'>>(key: K, value: ServiceDraft[K]): void {
    this.draft[key] = value
    if (key === 'online' && value === false) for (const at of Object.values(this.draft.locations)) at.online = false
  }

  /** Spec section 5: 'Show online' at a clinic cannot be turned on while the service is off online (the spec's text at once). */
  setLocation(clinic: string, change: Partial<ServiceAt>): void {
    if (change.online === true && !this.draft.online) return this.session.refuse(ACTIVATE('Show online'))
    this.draft.locations[clinic] = { ...(this.draft.locations[clinic] ?? { offered: false, online: false, price: '' }), ...change }
  }

  async save(): Promise<void> {
    const s = this.draft
    const deposit = s.deposit ? { type: s.deposit, ...(numberOf(s.depositAmount) !== undefined ? { amount: numberOf(s.depositAmount)! } : {}) } : undefined
    const edits: SetupEdit[] = [
      editService(this.service, { name: s.name, price: numberOf(s.price), duration: numberOf(s.duration), online: s.online, deposit }),
      fileService(this.service, s.category || undefined),
      ...Object.entries(s.locations).map(([clinic, at]) => editServiceLocation(this.service, clinic, { offered: at.offered, online: at.online, price: numberOf(at.price) })),
    ]
    await this.session.save((doc) => edits.reduce((d, edit) => edit(d), doc))
  }

  setNew(key: keyof NewService, value: string): void {
    this.newService[key] = value
  }

  /** The new service's category: the one chosen, else the first (the booking pages list services by category). */
  get newCategory(): string {
    return this.newService.category || (this.session.categories[0]?.value ?? '')
  }

  /**
   * A new service, filed in a category: the customer's service step lists a clinic's services category by
   * category, so a service in none would be offered online yet never shown. Without a category, none is added.
   */
  async add(): Promise<void> {
    const s = this.newService
    const category = this.newCategory
    if (!category) return this.session.refuse(NEEDS_CATEGORY)
    const add = addService({ name: s.name.trim(), duration: numberOf(s.duration)!, price: numberOf(s.price)! })
    const file: SetupEdit = (doc) => {
      const added = add(doc)
      return fileService(added.services.at(-1)!.slug, category)(added)
    }
    if (await this.session.save(file)) {
      this.newService = emptyNew()
      this.select(this.session.document?.services.at(-1)?.slug ?? '')
    }
  }

  askArchive(): void {
    this.session.askArchive('services', this.service, this.label)
  }
}
