import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { checkSetupDocument } from '../../contract/setup-document.check'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import { planSetup } from './plan-setup'
import { editClinic, editEmbedHosts, editPractitionerDay, editServiceLocation, periodsOf, periodsText, rangesOf, weeklyOf } from './setup-edits'

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
