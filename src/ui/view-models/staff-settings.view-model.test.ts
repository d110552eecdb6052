import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import type { ApiFailure } from '../../application/failure'
import type { AdminApi } from '../../application/ports/admin.port'
import { SaveSetup } from '../../application/use-cases/save-setup.use-case'
import { numberOf, savedText, StaffSettingsViewModel } from './staff-settings.view-model'
import { useCase } from './account.view-model.test-support'
import { example, fakeServer } from './staff-settings.test-support'

describe('StaffSettingsViewModel', () => {
  it("opens with the tenant's set-up in the forms: organisation, the first clinic, service and practitioner", async () => {
    const { vm } = fakeServer()
    await vm.enter()
    expect(vm.organisation.form.name).toBe('Riverside Skin Clinic')
    expect(vm.clinics.clinic).toBe('bristol')
    expect(vm.clinics.draft.hours.thu).toBe('09:00-20:00')
    expect(vm.clinics.draft.closedDays).toBe('2026-08-31 2026-08-31 Staff training day')
    expect(vm.services.service).toBe(example().services[0]!.slug)
    expect(vm.practitioners.clinic).not.toBe('')
  })

  it("saves a clinic's hours through the engine: only that change, and the plan says so", async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    vm.clinics.select('bath')
    vm.clinics.setHours('mon', '09:00-12:00, 13:00-17:00')
    await vm.clinics.save()
    expect(vm.session.errors).toEqual([])
    expect(vm.session.notice).toBe('Saved: change clinic bath (openingHours).')
    expect(applied).toHaveLength(1)
    expect(applied[0]!.clinics[1]!.openingHours.mon).toEqual(['09:00-12:00', '13:00-17:00'])
    expect(applied[0]!.services).toEqual(example().services)
    // the form now shows what was saved
    expect(vm.clinics.draft.hours.mon).toBe('09:00-12:00, 13:00-17:00')
  })

  it("saves a service's price, its price at one clinic and its deposit", async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    const slug = vm.services.service
    vm.services.setField('price', '99.50')
    vm.services.setLocation('bath', { offered: true, online: true, price: '89' })
    vm.services.setField('deposit', 'fixed amount')
    vm.services.setField('depositAmount', '10')
    await vm.services.save()
    const saved = stored().services.find((s) => s.slug === slug)!
    expect(saved.price).toBe(99.5)
    expect(saved.locations.bath).toEqual({ online: true, price: 89 })
    expect(saved.deposit).toEqual({ type: 'fixed amount', amount: 10 })
    expect(vm.session.notice).toMatch(/^Saved: change service /)
  })

  it("refuses what the checks refuse with its path, and sends nothing", async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    vm.services.setField('price', 'lots')
    await vm.services.save()
    expect(applied).toHaveLength(0)
    expect(vm.session.errors).toContain('services[0].price: must be a number')
    expect(vm.services.draft.price).toBe('lots')
  })

  it("the spec's location-flag rules hold in the browser: the box stays off and the spec's text shows at once", async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    vm.services.setField('online', false)
    vm.services.setLocation('bristol', { offered: true, online: true })
    expect(vm.session.error).toBe("You cannot activate 'Show online'. This feature is not enabled in the organisation.")
    expect(vm.services.draft.locations.bristol).toMatchObject({ offered: true, online: false })
    vm.clinics.select('bath')
    vm.clinics.setField('active', false)
    vm.clinics.setField('online', true)
    expect(vm.session.error).toBe('You cannot change this item, it should be activated/unarchived at organisation level')
    expect(vm.clinics.draft).toMatchObject({ active: false, online: false })
    expect(applied).toHaveLength(0)
    await vm.clinics.save()
    expect(vm.session.errors).toEqual([])
    expect(vm.session.error).toBeUndefined()
  })

  it("saves a practitioner's weekly hours at a clinic (keeping their breaks) and their leave", async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    const slug = vm.practitioners.practitioner
    const clinic = vm.practitioners.clinic
    vm.practitioners.setHours('sun', '10:00-14:00')
    vm.practitioners.setLeave('2026-09-01 2026-09-05 Holiday\n2026-10-02')
    await vm.practitioners.save()
    const p = stored().practitioners.find((x) => x.slug === slug)!
    expect(p.hours[clinic]!.sun).toEqual({ work: ['10:00-14:00'] })
    expect(p.hours[clinic]).toMatchObject(Object.fromEntries(Object.entries(example().practitioners.find((x) => x.slug === slug)!.hours[clinic]!)))
    expect(p.leave).toEqual([{ from: '2026-09-01', to: '2026-09-05', name: 'Holiday' }, { from: '2026-10-02', to: '2026-10-02' }])
  })

  it('taking a service offline hides it at every clinic; deactivating a clinic hides it online (spec section 4)', async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    const slug = vm.services.service
    vm.services.setField('online', false)
    expect(Object.values(vm.services.draft.locations).every((at) => !at.online)).toBe(true)
    await vm.services.save()
    expect(vm.session.errors).toEqual([])
    expect(Object.values(stored().services.find((s) => s.slug === slug)!.locations).every((at) => !at.online)).toBe(true)
    vm.clinics.select('bath')
    vm.clinics.setField('active', false)
    await vm.clinics.save()
    expect(vm.session.errors).toEqual([])
    expect(stored().clinics[1]).toMatchObject({ active: false, online: false })
  })

  it('saves organisation texts and embed hosts; an unchanged save says there is nothing to save', async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    vm.organisation.set('thankYouText', '<p>Thanks!</p>')
    vm.organisation.set('giftVoucherValues', '25, 75.50')
    vm.organisation.set('bookingDepositType', 'fixed amount')
    vm.organisation.set('bookingDepositAmount', '15')
    await vm.organisation.save()
    expect(stored().organisation.settings).toMatchObject({ thankYouText: '<p>Thanks!</p>', giftVoucherValues: [25, 75.5], bookingDepositType: 'fixed amount', bookingDepositAmount: 15 })
    expect(vm.session.notice).toBe('Saved: change organisation Riverside Skin Clinic (settings.bookingDepositType, settings.bookingDepositAmount, settings.giftVoucherValues, settings.thankYouText).')
    vm.organisation.set('giftVoucherValues', '0')
    await vm.organisation.save()
    expect(vm.session.errors).toEqual(['organisation.settings.giftVoucherValues[0]: must be more than 0'])
    vm.embed.set('https://www.riverside.example\n')
    await vm.embed.save()
    expect(stored().organisation.settings.embedHosts).toEqual(['https://www.riverside.example'])
    await vm.embed.save()
    expect(vm.session.notice).toBe('Nothing to save: the settings already say this.')
  })

  it('adds a clinic, a service and a practitioner who offers it; each form then opens on the new item', async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    vm.clinics.setNew('name', 'Clifton')
    vm.clinics.setNew('line1', '1 The Mall')
    vm.clinics.setNew('city', 'Bristol')
    await vm.clinics.add()
    expect(vm.session.errors).toEqual([])
    expect(stored().clinics.at(-1)).toMatchObject({ slug: 'clifton', name: 'Clifton', accountName: 'Clifton', active: true, online: true })
    expect(vm.clinics.clinic).toBe('clifton')
    vm.services.setNew('name', 'LED facial')
    vm.services.setNew('price', '65')
    await vm.services.add()
    expect(stored().services.at(-1)).toMatchObject({ slug: 'led-facial', duration: 60, price: 65, locations: { bristol: { online: true }, bath: { online: true }, clifton: { online: true } } })
    expect(vm.services.service).toBe('led-facial')
    vm.practitioners.setNew('Nina Shah')
    await vm.practitioners.add()
    expect(vm.practitioners.practitioner).toBe('nina-shah')
    vm.practitioners.select('nina-shah', 'clifton')
    vm.practitioners.setHours('mon', '09:00-17:00')
    vm.practitioners.setService('led-facial', { offers: true })
    await vm.practitioners.save()
    expect(stored().practitioners.at(-1)).toMatchObject({ slug: 'nina-shah', hours: { clifton: { mon: { work: ['09:00-17:00'] } } } })
    expect(stored().services.at(-1)!.practitioners).toEqual({ 'nina-shah': {} })
  })

  it('a new service without a price is refused with its path; nothing is added', async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    vm.services.setNew('name', 'LED facial')
    await vm.services.add()
    expect(vm.session.errors).toEqual([`services[${example().services.length}].price: is required`])
    expect(applied).toHaveLength(0)
    expect(vm.services.newService.name).toBe('LED facial')
  })

  it('archives a clinic after a confirmation: it leaves the document with every reference to it', async () => {
    const { vm, stored, applied } = fakeServer()
    await vm.enter()
    vm.clinics.select('bath')
    vm.clinics.askArchive()
    expect(vm.session.archiving).toEqual({ kind: 'clinics', slug: 'bath', name: 'Bath' })
    vm.session.closeArchive()
    expect(applied).toHaveLength(0)
    vm.clinics.askArchive()
    await vm.session.confirmArchive()
    expect(vm.session.notice).toContain('archive clinic bath')
    expect(stored().clinics.map((c) => c.slug)).toEqual(['bristol'])
    expect(stored().services.every((s) => !('bath' in s.locations))).toBe(true)
    expect(vm.clinics.clinic).toBe('bristol')
  })

  it('never loads the set-up for a practitioner (the server says 403 anyway)', async () => {
    const { vm, exportSetup } = fakeServer('practitioner')
    await vm.enter()
    expect(vm.session.isAdmin).toBe(false)
    expect(exportSetup.execute).not.toHaveBeenCalled()
  })

  it('shows a failure of the server in words', async () => {
    const { vm } = fakeServer()
    await vm.enter()
    const failing = new StaffSettingsViewModel(
      useCase(async () => E.right(example())) as never,
      new SaveSetup({ exportSetup: async () => E.left<ApiFailure>({ _tag: 'HttpError', status: 403, message: 'Admins only.' }) } as unknown as AdminApi),
      useCase(async () => E.right({ id: 'a'.repeat(24), email: 'o@x.example', displayName: 'O', role: 'admin' })) as never,
      (() => { const t = new InMemoryTokenStore(); t.set('x'); return t })(),
      useCase(async () => E.left({ _tag: 'Refused', message: 'unused' })) as never,
      useCase(async () => E.right([])) as never,
      useCase(async () => E.left({ _tag: 'Refused', message: 'unused' })) as never,
      useCase(async () => E.left({ _tag: 'Refused', message: 'unused' })) as never,
    )
    await failing.enter()
    await failing.embed.save()
    expect(failing.session.error).toBe('Admins only.')
  })
})

describe('every section reads back what it shows', () => {
  it('a save with nothing typed changes nothing, for every item of every section', async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    const sections = [
      { save: () => vm.organisation.save(), items: [''], select: () => {} },
      { save: () => vm.embed.save(), items: [''], select: () => {} },
      { save: () => vm.clinics.save(), items: vm.session.clinics.map((o) => o.value), select: (s: string) => vm.clinics.select(s) },
      { save: () => vm.categories.save(), items: vm.session.categories.map((o) => o.value), select: (s: string) => vm.categories.select(s) },
      { save: () => vm.services.save(), items: vm.session.services.map((o) => o.value), select: (s: string) => vm.services.select(s) },
      { save: () => vm.courses.save(), items: vm.session.courses.map((o) => o.value), select: (s: string) => vm.courses.select(s) },
    ]
    for (const section of sections) {
      for (const item of section.items) {
        section.select(item)
        await section.save()
        expect([item, vm.session.errors, vm.session.notice]).toEqual([item, [], 'Nothing to save: the settings already say this.'])
      }
    }
    expect(applied.every((doc) => JSON.stringify(doc) === JSON.stringify(example()))).toBe(true)
  })
})

describe('form helpers', () => {
  it.each([['12', 12], ['12.50', 12.5], ['', undefined], ['abc', 'abc']])('numberOf(%j)', (text, value) => {
    expect(numberOf(text)).toBe(value)
  })
  it('savedText', () => {
    expect(savedText([{ action: 'change', kind: 'clinic', slug: 'bath', changes: ['openingHours'] }, { action: 'archive', kind: 'course', slug: 'x' }])).toBe('Saved: change clinic bath (openingHours); archive course x.')
  })
})
