// /staff/settings' practitioners (issue 29): profile, breaks, own price and duration for a service.
import { describe, expect, it } from 'vitest'
import { example, fakeServer } from './staff-settings.test-support'

describe('PractitionerSettingsViewModel', () => {
  it("saves the profile (name, bio, shown online) as the document has it", async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    const slug = vm.practitioners.practitioner
    vm.practitioners.setProfile('name', 'Dr Maya Patel')
    vm.practitioners.setProfile('description', 'Aesthetic doctor with ten years of practice.')
    vm.practitioners.setProfile('online', false)
    await vm.practitioners.save()
    expect(vm.session.errors).toEqual([])
    expect(stored().practitioners.find((p) => p.slug === slug)).toMatchObject({ name: 'Dr Maya Patel', description: 'Aesthetic doctor with ten years of practice.', online: false })
    expect(vm.session.practitioners.find((o) => o.value === slug)?.label).toBe('Dr Maya Patel')
  })

  it('saves breaks with the working times of a day; a day without working times is off, breaks and all', async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    const { practitioner: slug, clinic } = vm.practitioners
    vm.practitioners.setHours('mon', '09:00-17:00')
    vm.practitioners.setBreaks('mon', '12:30-13:00')
    vm.practitioners.setHours('tue', '')
    vm.practitioners.setBreaks('tue', '12:00-12:30')
    await vm.practitioners.save()
    const week = stored().practitioners.find((p) => p.slug === slug)!.hours[clinic]!
    expect(week.mon).toEqual({ work: ['09:00-17:00'], breaks: ['12:30-13:00'] })
    expect(week).not.toHaveProperty('tue')
    expect(vm.practitioners.draft.breaks.mon).toBe('12:30-13:00')
  })

  it("a break of the wrong shape is refused with its path", async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    vm.practitioners.setHours('wed', '09:00-17:00')
    vm.practitioners.setBreaks('wed', 'lunch')
    await vm.practitioners.save()
    expect(applied).toHaveLength(0)
    expect(vm.session.errors.some((e) => /hours\.\w+\.wed\.breaks\[0\]: must be a time range 'HH:mm-HH:mm'/.test(e))).toBe(true)
  })

  it('their own price and duration for a service they offer; emptied, the service\'s again', async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    const slug = vm.practitioners.practitioner
    const service = example().services.find((s) => slug in s.practitioners)!.slug
    vm.practitioners.setService(service, { price: '150', duration: '75' })
    await vm.practitioners.save()
    expect(stored().services.find((s) => s.slug === service)!.practitioners[slug]).toEqual({ price: 150, duration: 75 })
    expect(vm.session.notice).toBe(`Saved: change service ${service} (practitioners).`)
    expect(vm.practitioners.draft.services[service]).toEqual({ offers: true, price: '150', duration: '75' })
    vm.practitioners.setService(service, { price: '', duration: '' })
    await vm.practitioners.save()
    expect(stored().services.find((s) => s.slug === service)!.practitioners[slug]).toEqual({})
  })

  it('a save with nothing typed changes nothing (profile, week, breaks, leave and own prices read back as they were)', async () => {
    const { vm } = fakeServer()
    await vm.enter()
    for (const p of vm.session.practitioners) {
      vm.practitioners.select(p.value)
      await vm.practitioners.save()
      expect(vm.session.notice).toBe('Nothing to save: the settings already say this.')
    }
  })
})
