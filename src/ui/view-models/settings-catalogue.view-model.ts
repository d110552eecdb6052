/**
 * /staff/settings: categories (add, rename, shown online and at which clinics, archive) and courses
 * (add and edit: services and sessions, price, validity, online flag, clinics; archive) (issue 29).
 */
import { makeAutoObservable } from 'mobx'
import { addCategory, addCourse, editCategory, editCourse } from '../../application/setup/setup-edits'
import { ACTIVATE } from '../../contract/setup-document.check'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import { numberOf, textOf, type SettingsSession } from './settings-session.view-model'

const emptyCategory = () => ({ name: '', online: true, locations: {} as Record<string, boolean> })
export type CategoryDraft = ReturnType<typeof emptyCategory>

export class CategorySettingsViewModel {
  category = ''
  draft: CategoryDraft = emptyCategory()
  newCategory = ''

  constructor(readonly session: SettingsSession) {
    makeAutoObservable(this, { session: false })
    session.onShow((doc) => this.select(doc.categories.some((c) => c.slug === this.category) ? this.category : (doc.categories[0]?.slug ?? ''), doc))
  }

  get label(): string {
    return this.session.categories.find((o) => o.value === this.category)?.label ?? 'this category'
  }

  select(slug: string, doc: SetupDocument | undefined = this.session.document): void {
    this.category = slug
    const c = doc?.categories.find((x) => x.slug === slug)
    if (!c) return
    this.draft = { name: c.name, online: c.online, locations: Object.fromEntries((doc?.clinics ?? []).map((clinic) => [clinic.slug, c.locations[clinic.slug] ?? false])) }
  }

  setName(name: string): void {
    this.draft.name = name
  }

  /** Off online: off at every clinic too. */
  setOnline(online: boolean): void {
    this.draft.online = online
    if (!online) for (const clinic of Object.keys(this.draft.locations)) this.draft.locations[clinic] = false
  }

  /** Spec section 5: shown at a clinic only when the category is shown online (the spec's text at once). */
  setLocation(clinic: string, online: boolean): void {
    if (online && !this.draft.online) return this.session.refuse(ACTIVATE('Show online'))
    this.draft.locations[clinic] = online
  }

  async save(): Promise<void> {
    const d = this.draft
    // a clinic the category names stays named (off there: false); another is named only when on
    const named = this.session.document?.categories.find((c) => c.slug === this.category)?.locations ?? {}
    const locations = Object.fromEntries(Object.entries(d.locations).filter(([clinic, on]) => on || clinic in named))
    await this.session.save(editCategory(this.category, { name: d.name, online: d.online, locations }))
  }

  setNew(name: string): void {
    this.newCategory = name
  }

  async add(): Promise<void> {
    if (await this.session.save(addCategory(this.newCategory.trim()))) {
      this.newCategory = ''
      this.select(this.session.document?.categories.at(-1)?.slug ?? '')
    }
  }

  askArchive(): void {
    this.session.askArchive('categories', this.category, this.label)
  }
}

const emptyCourse = () => ({ name: '', price: '', validityMonths: '', online: true, category: '', sessions: {} as Record<string, string>, locations: {} as Record<string, boolean> })
export type CourseDraft = ReturnType<typeof emptyCourse>
const emptyNew = () => ({ name: '', price: '', service: '', sessions: '', validityMonths: '', online: true })
export type NewCourse = ReturnType<typeof emptyNew>

/** { service: '4', other: '' } -> { service: 4 } (a word stays, for the codec to name). */
const sessionsOf = (sessions: Record<string, string>): Record<string, number> =>
  Object.fromEntries(Object.entries(sessions).filter(([, n]) => n.trim() !== '').map(([s, n]) => [s, numberOf(n)!]))

export class CourseSettingsViewModel {
  course = ''
  draft: CourseDraft = emptyCourse()
  newCourse: NewCourse = emptyNew()

  constructor(readonly session: SettingsSession) {
    makeAutoObservable(this, { session: false })
    session.onShow((doc) => this.select(doc.courses.some((c) => c.slug === this.course) ? this.course : (doc.courses[0]?.slug ?? ''), doc))
  }

  get label(): string {
    return this.session.courses.find((o) => o.value === this.course)?.label ?? 'this course'
  }

  select(slug: string, doc: SetupDocument | undefined = this.session.document): void {
    this.course = slug
    const c = doc?.courses.find((x) => x.slug === slug)
    if (!c) return
    this.draft = {
      name: c.name,
      price: String(c.price),
      validityMonths: textOf(c.validityMonths),
      online: c.online,
      category: c.category ?? '',
      sessions: Object.fromEntries((doc?.services ?? []).map((s) => [s.slug, textOf(c.services[s.slug])])),
      locations: Object.fromEntries((doc?.clinics ?? []).map((clinic) => [clinic.slug, c.locations.includes(clinic.slug)])),
    }
  }

  set<K extends 'name' | 'price' | 'validityMonths' | 'online' | 'category'>(key: K, value: CourseDraft[K]): void {
    this.draft[key] = value
  }

  setSessions(service: string, sessions: string): void {
    this.draft.sessions[service] = sessions
  }

  setLocation(clinic: string, sold: boolean): void {
    this.draft.locations[clinic] = sold
  }

  async save(): Promise<void> {
    const d = this.draft
    // the clinics in the order the course names them, then the newly ticked ones
    const before = this.session.document?.courses.find((c) => c.slug === this.course)?.locations ?? []
    const ticked = Object.entries(d.locations).filter(([, on]) => on).map(([clinic]) => clinic)
    const locations = [...before.filter((clinic) => ticked.includes(clinic)), ...ticked.filter((clinic) => !before.includes(clinic))]
    await this.session.save(
      editCourse(this.course, {
        name: d.name,
        price: numberOf(d.price),
        validityMonths: numberOf(d.validityMonths),
        online: d.online,
        category: d.category || undefined,
        services: sessionsOf(d.sessions),
        locations,
      }),
    )
  }

  setNew<K extends keyof NewCourse>(key: K, value: NewCourse[K]): void {
    this.newCourse[key] = value
  }

  /** A new course of one service (more on its form), sold at every active clinic; then the form opens on it. */
  async add(): Promise<void> {
    const n = this.newCourse
    const course = { name: n.name.trim(), price: numberOf(n.price)!, services: n.service ? sessionsOf({ [n.service]: n.sessions }) : {}, validityMonths: numberOf(n.validityMonths), online: n.online }
    if (await this.session.save(addCourse(course))) {
      this.newCourse = emptyNew()
      this.select(this.session.document?.courses.at(-1)?.slug ?? '')
    }
  }

  askArchive(): void {
    this.session.askArchive('courses', this.course, this.label)
  }
}
