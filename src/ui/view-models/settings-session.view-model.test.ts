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
