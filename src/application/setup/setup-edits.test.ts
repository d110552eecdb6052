import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { checkSetupDocument } from '../../contract/setup-document.check'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import { planSetup } from './plan-setup'
import {
  addCategory,
  addCourse,
  archiveItem,
  editCategory,
  editClinic,
  editCourse,
  editEmbedHosts,
  editGiftVoucherValues,
  editPractitionerDay,
  editPractitionerProfile,
  editPractitionerService,
  editServiceLocation,
  periodsOf,
  periodsText,
  rangesOf,
  weeklyOf,
} from './setup-edits'

function example(): SetupDocument {
  const checked = checkSetupDocument(parse(readFileSync('docs/examples/clinic.yaml', 'utf8')))
  if (E.isLeft(checked)) throw new Error(checked.left.join('\n'))
  return checked.right
}
const planOf = (doc: SetupDocument) => planSetup({ document: example(), archived: {} }, doc)

describe('the settings pages edits', () => {
  it('an edit of one clinic changes only that clinic, and a blank optional field leaves the document', () => {
    const doc = editClinic('bristol', { address: { line2: '' }, phone: '' })(example())
    expect(doc.clinics[0]!.address).not.toHaveProperty('line2')
    expect(doc.clinics[0]).not.toHaveProperty('phone')
    expect(planOf(doc)).toEqual([{ action: 'change', kind: 'clinic', slug: 'bristol', changes: ['phone'] }])
  })

  it('a service no longer offered at a clinic leaves its locations; offered again with a price there', () => {
    const slug = example().services[0]!.slug
    const gone = editServiceLocation(slug, 'bath', { offered: false, online: false })(example())
    expect(gone.services[0]!.locations).not.toHaveProperty('bath')
    const back = editServiceLocation(slug, 'bath', { offered: true, online: true, price: 70 })(gone)
    expect(back.services[0]!.locations.bath).toEqual({ online: true, price: 70 })
  })

  it("a practitioner's last day at a clinic removes the clinic from their hours", () => {
    const p = example().practitioners[0]!
    const [clinic, week] = Object.entries(p.hours)[0]!
    const doc = Object.keys(week).reduce((d, day) => editPractitionerDay(p.slug, clinic, day as 'mon', undefined)(d), example())
    expect(doc.practitioners[0]!.hours).not.toHaveProperty(clinic)
  })

  it('no embed hosts: the setting leaves the document', () => {
    const doc = editEmbedHosts([])(editEmbedHosts(['https://a.example'])(example()))
    expect(doc.organisation.settings).not.toHaveProperty('embedHosts')
  })

  it.each([
    ['09:00-13:00, 14:00-18:00', ['09:00-13:00', '14:00-18:00']],
    [' 09:00 - 13:00 ,', ['09:00-13:00']],
    ['', []],
  ])('rangesOf(%j)', (text, ranges) => {
    expect(rangesOf(text)).toEqual(ranges)
  })

  it('weeklyOf leaves out closed days', () => {
    expect(weeklyOf({ mon: '09:00-17:00', tue: '', sat: '10:00-12:00' })).toEqual({ mon: ['09:00-17:00'], sat: ['10:00-12:00'] })
  })

  it.each([
    ['2026-08-31 2026-09-02 Staff training', [{ from: '2026-08-31', to: '2026-09-02', name: 'Staff training' }]],
    ['2026-08-31 Bank holiday', [{ from: '2026-08-31', to: '2026-08-31', name: 'Bank holiday' }]],
    ['2026-08-31\n\n2026-12-24 2026-12-26', [{ from: '2026-08-31', to: '2026-08-31' }, { from: '2026-12-24', to: '2026-12-26' }]],
  ])('periodsOf(%j) and back', (text, periods) => {
    expect(periodsOf(text)).toEqual(periods)
    expect(periodsOf(periodsText(periods))).toEqual(periods)
  })
})

describe('the edits of categories, courses, vouchers and practitioners (issue 29)', () => {
  const slugs = (items: readonly { slug: string }[]) => items.map((i) => i.slug)

  it.each([
    ['a new category', (d: SetupDocument) => addCategory('Lasers')(d), [{ action: 'create', kind: 'category', slug: 'lasers' }]],
    ['a renamed category', (d: SetupDocument) => editCategory('skin', { name: 'Skin care' })(d), [{ action: 'change', kind: 'category', slug: 'skin', changes: ['name'] }]],
    ['a category taken offline', (d: SetupDocument) => editCategory('peels', { online: false, locations: {} })(d), [{ action: 'change', kind: 'category', slug: 'peels', changes: ['online'] }]],
    [
      'a new course',
      (d: SetupDocument) => addCourse({ name: 'Hydrafacial course', price: 400, services: { hydrafacial: 3 }, validityMonths: 12, online: true })(d),
      [{ action: 'create', kind: 'course', slug: 'hydrafacial-course' }],
    ],
    ['a course repriced with no expiry', (d: SetupDocument) => editCourse('peel-course', { price: 300, validityMonths: undefined })(d), [{ action: 'change', kind: 'course', slug: 'peel-course', changes: ['price', 'validityMonths'] }]],
    ['gift voucher values', (d: SetupDocument) => editGiftVoucherValues([25, 75])(d), [{ action: 'change', kind: 'organisation', slug: 'Riverside Skin Clinic', changes: ['settings.giftVoucherValues'] }]],
  ] as const)('%s: the plan has that one step', (_name, edit, plan) => {
    const doc = edit(example())
    expect(E.isRight(checkSetupDocument(doc))).toBe(true)
    expect(planOf(doc)).toEqual(plan)
  })

  it('a new course is sold at every active clinic, with the sessions, price and validity given', () => {
    const doc = addCourse({ name: 'Peel course: 4 sessions', price: 99.5, services: { 'glycolic-peel': 2 }, online: false })(example())
    const course = doc.courses.at(-1)!
    expect(course).toEqual({ slug: 'peel-course-4-sessions', name: 'Peel course: 4 sessions', price: 99.5, tax: 20, online: false, services: { 'glycolic-peel': 2 }, locations: ['bristol', 'bath'] })
  })

  it.each([
    ['categories', 'peels', (d: SetupDocument) => [slugs(d.categories), d.courses[0]!.category, d.services.filter((s) => s.category === 'peels').length], [['skin', 'injectables'], undefined, 0]],
    ['courses', 'peel-course', (d: SetupDocument) => [slugs(d.courses)], [[]]],
  ] as const)('archiving %s %s takes it and the references to it out of the document', (kind, slug, look, expected) => {
    const doc = archiveItem(kind, slug)(example())
    expect(look(doc)).toEqual(expected)
    expect(E.isRight(checkSetupDocument(doc))).toBe(true)
    expect(planOf(doc)).toContainEqual({ action: 'archive', kind: kind === 'categories' ? 'category' : 'course', slug })
  })

  it.each([
    [{ price: 95, duration: 45 }, { price: 95, duration: 45 }],
    [{ price: 95 }, { price: 95 }],
    [{}, {}],
  ])("a practitioner's own price and duration %j", (own, entry) => {
    const service = example().services.find((s) => Object.keys(s.practitioners).length > 0)!
    const practitioner = Object.keys(service.practitioners)[0]!
    const doc = editPractitionerService(service.slug, practitioner, own)(example())
    expect(doc.services.find((s) => s.slug === service.slug)!.practitioners[practitioner]).toEqual(entry)
    expect(E.isRight(checkSetupDocument(doc))).toBe(true)
  })

  it('no own price for a practitioner who does not offer the service (offer it first)', () => {
    const service = example().services[0]!
    expect(editPractitionerService(service.slug, 'nobody', { price: 1 })(example())).toEqual(example())
  })

  it.each([
    [{ name: 'Dr Maya Patel', description: 'Aesthetic doctor, ten years' }, { name: 'Dr Maya Patel', description: 'Aesthetic doctor, ten years' }],
    [{ name: 'Maya', description: '' }, { name: 'Maya' }],
  ])("a practitioner's profile %j", (profile, expected) => {
    const doc = editPractitionerProfile('maya', profile)(editPractitionerProfile('maya', { description: 'Before' })(example()))
    const maya = doc.practitioners.find((p) => p.slug === 'maya')!
    expect(maya).toMatchObject(expected)
    expect(maya.description).toBe('description' in expected ? expected.description : undefined)
    expect(doc.practitioners.filter((p) => p.slug !== 'maya')).toEqual(example().practitioners.filter((p) => p.slug !== 'maya'))
  })

  it("a practitioner's breaks on a day are kept with the day's working times", () => {
    const doc = editPractitionerDay('maya', 'bristol', 'mon', { work: ['09:00-17:00'], breaks: ['12:00-12:30'] })(example())
    expect(doc.practitioners.find((p) => p.slug === 'maya')!.hours.bristol!.mon).toEqual({ work: ['09:00-17:00'], breaks: ['12:00-12:30'] })
    expect(E.isRight(checkSetupDocument(doc))).toBe(true)
  })
})
