// The settings' save race (issue 29): a save is made on the version read; when another admin saved
// meanwhile, nothing is written, the spec-like text says so, and the typed values stay until a reload.
import { describe, expect, it } from 'vitest'
import { SETUP_CHANGED } from '../../contract/setup-document.version'
import { fakeServer } from './staff-settings.test-support'

const TEXT = 'These settings were changed by someone else since you opened them. Reload to see the changes; your edit was not saved.'

describe('SettingsSession: two admins at once', () => {
  it('another save since the page opened: this one is refused with the text, the typed values kept; a reload shows theirs', async () => {
    const { vm, applied, change, stored } = fakeServer()
    await vm.enter()
    vm.clinics.select('bath')
    vm.clinics.setHours('mon', '08:00-12:00')
    change((doc) => ({ ...doc, organisation: { ...doc.organisation, name: 'Renamed by the other admin' } }))
    await vm.clinics.save()
    expect(SETUP_CHANGED).toBe(TEXT)
    expect(vm.session.error).toBe(TEXT)
    expect(vm.session.changedElsewhere).toBe(true)
    expect(applied).toHaveLength(0)
    expect(stored().organisation.name).toBe('Renamed by the other admin')
    expect(vm.clinics.draft.hours.mon).toBe('08:00-12:00')
    expect(vm.organisation.form.name).toBe('Riverside Skin Clinic')

    await vm.session.reload()
    expect(vm.session.error).toBeUndefined()
    expect(vm.session.changedElsewhere).toBe(false)
    expect(vm.organisation.form.name).toBe('Renamed by the other admin')
    vm.clinics.setHours('mon', '08:00-12:00')
    await vm.clinics.save()
    expect(vm.session.notice).toBe('Saved: change clinic bath (openingHours).')
    expect(stored().organisation.name).toBe('Renamed by the other admin')
  })

  it("a save landing on the server just before this one's apply: the server's 409 shows the same text, nothing written", async () => {
    const { vm, applied, hooks, change } = fakeServer()
    await vm.enter()
    vm.organisation.set('thankYouText', '<p>Mine</p>')
    hooks.beforeApply = () => change((doc) => ({ ...doc, holidays: [...doc.holidays, { from: '2027-01-01', to: '2027-01-01', name: "New Year's Day" }] }))
    await vm.organisation.save()
    expect(vm.session.error).toBe(TEXT)
    expect(applied).toHaveLength(0)
    expect(vm.organisation.form.thankYouText).toBe('<p>Mine</p>')
  })

  it('each save is made on the version it left: two saves in a row by one admin both go through', async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    const first = vm.session.version
    vm.embed.set('https://a.example')
    await vm.embed.save()
    expect(vm.session.version).not.toBe(first)
    vm.embed.set('https://a.example\nhttps://b.example')
    await vm.embed.save()
    expect(vm.session.error).toBeUndefined()
    expect(applied).toHaveLength(2)
  })
})

// Archiving an item that still has upcoming bookings (as `clinic admin apply` refuses it without
// --archive-with-bookings): the first confirmation asks the server without the flag; its count comes
// back into the dialog, and only a second confirmation archives anyway.
describe('SettingsSession: archiving an item with upcoming bookings', () => {
  type Section = 'practitioners' | 'services' | 'clinics'
  const slugOf = (vm: ReturnType<typeof fakeServer>['vm'], section: Section) =>
    section === 'practitioners' ? vm.practitioners.practitioner : section === 'services' ? vm.services.service : vm.clinics.clinic
  const cases: [Section, string, number][] = [
    ['practitioners', 'practitioner', 3],
    ['services', 'service', 1],
    ['clinics', 'clinic', 2],
  ]

  it.each(cases)("the %s tab: the first Archive comes back asking about the %s's %i upcoming bookings; the second archives it", async (section, kind, n) => {
    const { vm, applied, stored, upcoming } = fakeServer()
    await vm.enter()
    const slug = slugOf(vm, section)
    upcoming[`${kind}:${slug}`] = n
    vm[section].askArchive()
    const asked = vm.session.archiving
    await vm.session.confirmArchive()
    expect(applied).toHaveLength(0)
    expect(vm.session.archiving).toEqual({ ...asked, upcomingBookings: n })
    // a question in the dialog, not an error on the page
    expect(vm.session.error).toBeUndefined()
    expect(vm.session.changedElsewhere).toBe(false)
    expect(stored()[section].map((item) => item.slug)).toContain(slug)

    await vm.session.confirmArchive()
    expect(vm.session.archiving).toBeUndefined()
    expect(stored()[section].map((item) => item.slug)).not.toContain(slug)
    expect(vm.session.notice).toContain(`archive ${kind} ${slug}`)
  })

  it('Keep it after the count: nothing is archived, and the next Archive asks the server again', async () => {
    const { vm, applied, upcoming } = fakeServer()
    await vm.enter()
    upcoming[`practitioner:${vm.practitioners.practitioner}`] = 2
    vm.practitioners.askArchive()
    await vm.session.confirmArchive()
    vm.session.closeArchive()
    expect(vm.session.archiving).toBeUndefined()
    vm.practitioners.askArchive()
    expect(vm.session.archiving?.upcomingBookings).toBeUndefined()
    await vm.session.confirmArchive()
    expect(vm.session.archiving?.upcomingBookings).toBe(2)
    expect(applied).toHaveLength(0)
  })

  it('an item without upcoming bookings is archived at the first confirmation', async () => {
    const { vm, stored, upcoming } = fakeServer()
    await vm.enter()
    const slug = vm.services.service
    upcoming[`practitioner:${vm.practitioners.practitioner}`] = 4
    vm.services.askArchive()
    await vm.session.confirmArchive()
    expect(vm.session.archiving).toBeUndefined()
    expect(stored().services.map((s) => s.slug)).not.toContain(slug)
  })

  it("another admin's save just before the archive: their change is named, not bookings", async () => {
    const { vm, applied, hooks, change, upcoming } = fakeServer()
    await vm.enter()
    upcoming[`clinic:${vm.clinics.clinic}`] = 5
    hooks.beforeApply = () => change((doc) => ({ ...doc, organisation: { ...doc.organisation, name: 'Renamed' } }))
    vm.clinics.askArchive()
    await vm.session.confirmArchive()
    expect(vm.session.error).toBe(TEXT)
    expect(vm.session.archiving).toBeUndefined()
    expect(applied).toHaveLength(0)
  })
})
