import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { PlanStep } from '../../contract/admin.routes'
import { checkSetupDocument } from '../../contract/setup-document.check'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import { planSetup, type SetupState } from './plan-setup'

function example(): SetupDocument {
  const checked = checkSetupDocument(parse(readFileSync('docs/examples/clinic.yaml', 'utf8')))
  if (E.isLeft(checked)) throw new Error(checked.left.join('\n'))
  return checked.right
}
const EMPTY: SetupDocument = { ...example(), clinics: [], holidays: [], categories: [], services: [], courses: [], practitioners: [] }
const live = (document: SetupDocument, archived: SetupState['archived'] = {}): SetupState => ({ document, archived })
const edit = (f: (d: SetupDocument) => void): SetupDocument => {
  const d = structuredClone(example())
  f(d)
  return d
}

const TABLE: [string, SetupState, SetupDocument, PlanStep[]][] = [
  ['the same document: nothing to do', live(example()), example(), []],
  ['an empty tenant: every item created, organisation first', live(EMPTY), { ...EMPTY, clinics: example().clinics, holidays: example().holidays }, [
    { action: 'change', kind: 'holidays', slug: 'organisation', changes: ['holidays'] },
    { action: 'create', kind: 'clinic', slug: 'bristol' },
    { action: 'create', kind: 'clinic', slug: 'bath' },
  ]],
  ['a clinic whose hours change', live(example()), edit((d) => { d.clinics[1].openingHours.mon = ['09:00-17:00'] }), [
    { action: 'change', kind: 'clinic', slug: 'bath', changes: ['openingHours'] },
  ]],
  ['a service price at one location and its deposit', live(example()), edit((d) => {
    d.services[0].locations.bath = { online: true, price: 99 }
    d.services[0].deposit = { type: 'fixed amount', amount: 10 }
  }), [{ action: 'change', kind: 'service', slug: d0slug(), changes: ['locations', 'deposit'] }]],
  ['organisation texts and policies', live(example()), edit((d) => {
    d.organisation.name = 'Riverside'
    d.organisation.settings.thankYouText = 'Thanks'
    d.organisation.settings.embedHosts = ['https://www.riverside.example']
  }), [{ action: 'change', kind: 'organisation', slug: 'Riverside', changes: ['name', 'settings.thankYouText', 'settings.embedHosts'] }]],
  ['an item left out is archived', live(example()), edit((d) => { d.courses = [] }), [{ action: 'archive', kind: 'course', slug: 'peel-course' }]],
  ['an archived item named again is unarchived, a new one created', live(edit((d) => { d.courses = [] }), { courses: ['peel-course'] }), edit((d) => {
    d.courses.push({ ...d.courses[0], slug: 'new-course' })
  }), [
    { action: 'change', kind: 'course', slug: 'peel-course', changes: ['unarchive'] },
    { action: 'create', kind: 'course', slug: 'new-course' },
  ]],
  ['two clinics swapped: both moved', live(example()), edit((d) => { d.clinics.reverse() }), [
    { action: 'change', kind: 'clinic', slug: 'bath', changes: ['position'] },
    { action: 'change', kind: 'clinic', slug: 'bristol', changes: ['position'] },
  ]],
  ["a practitioner's weekly hours and leave", live(example()), edit((d) => {
    d.practitioners[0].leave = [{ from: '2026-09-01', to: '2026-09-05', name: 'Holiday' }]
    d.practitioners[0].hours.bristol = { ...d.practitioners[0].hours.bristol, sun: { work: ['10:00-14:00'] } }
  }), [{ action: 'change', kind: 'practitioner', slug: example().practitioners[0].slug, changes: ['hours', 'leave'] }]],
  ['key order alone is no change', live(example()), edit((d) => {
    d.clinics[0] = Object.fromEntries(Object.entries(d.clinics[0]).reverse()) as typeof d.clinics[0]
  }), []],
]

function d0slug(): string {
  return example().services[0].slug
}

describe('planSetup(current, desired)', () => {
  it.each(TABLE)('%s', (_name, current, desired, steps) => {
    expect(planSetup(current, desired)).toEqual(steps)
  })
})
