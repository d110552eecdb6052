import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import type { ApiFailure } from '../../application/failure'
import type { AdminApi } from '../../application/ports/admin.port'
import { planSetup } from '../../application/setup/plan-setup'
import { SaveSetup } from '../../application/use-cases/save-setup.use-case'
import { checkSetupDocument } from '../../contract/setup-document.check'
import type { SetupDocument } from '../../contract/setup-document.codecs'
import { numberOf, savedText, StaffSettingsViewModel } from './staff-settings.view-model'
import { useCase } from './account.view-model.test-support'

function example(): SetupDocument {
  const checked = checkSetupDocument(parse(readFileSync('docs/examples/clinic.yaml', 'utf8')))
  if (E.isLeft(checked)) throw new Error(checked.left.join('\n'))
  return checked.right
}

/** A server of one tenant: export gives its document, apply plans with the real planner and keeps the result. */
function fakeServer(role: 'admin' | 'practitioner' = 'admin') {
  let stored = example()
  const applied: SetupDocument[] = []
  const api = {
    exportSetup: async () => E.right(structuredClone(stored)),
    applySetup: async (document: SetupDocument, dryRun: boolean) => {
      const plan = planSetup({ document: stored, archived: {} }, document)
      if (!dryRun) {
        applied.push(document)
        stored = document
      }
      return E.right({ plan, applied: !dryRun && plan.length > 0 })
    },
  } as unknown as AdminApi
  const tokens = new InMemoryTokenStore()
  tokens.set('staff-token')
  const exportSetup = useCase(() => api.exportSetup())
  const me = useCase(async () => E.right({ id: 'a'.repeat(24), email: 'owner@riverside.example', displayName: 'Owner', role }))
  const vm = new StaffSettingsViewModel(exportSetup as never, new SaveSetup(api), me as never, tokens)
  return { vm, applied, exportSetup, stored: () => stored }
}

describe('StaffSettingsViewModel', () => {
  it("opens with the tenant's set-up in the forms: organisation, the first clinic, service and practitioner", async () => {
    const { vm } = fakeServer()
    await vm.enter()
    expect(vm.org.name).toBe('Riverside Skin Clinic')
    expect(vm.clinic).toBe('bristol')
    expect(vm.clinicDraft.hours.thu).toBe('09:00-20:00')
    expect(vm.clinicDraft.closedDays).toBe('2026-08-31 2026-08-31 Staff training day')
    expect(vm.service).toBe(example().services[0]!.slug)
    expect(vm.practitionerClinic).not.toBe('')
  })

  it("saves a clinic's hours through the engine: only that change, and the plan says so", async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    vm.selectClinic('bath')
    vm.setClinicHours('mon', '09:00-12:00, 13:00-17:00')
    await vm.saveClinic()
    expect(vm.errors).toEqual([])
    expect(vm.notice).toBe('Saved: change clinic bath (openingHours).')
    expect(applied).toHaveLength(1)
    expect(applied[0]!.clinics[1]!.openingHours.mon).toEqual(['09:00-12:00', '13:00-17:00'])
    expect(applied[0]!.services).toEqual(example().services)
    // the form now shows what was saved
    expect(vm.clinicDraft.hours.mon).toBe('09:00-12:00, 13:00-17:00')
  })

  it("saves a service's price, its price at one clinic and its deposit", async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    const slug = vm.service
    vm.setServiceField('price', '99.50')
    vm.setServiceLocation('bath', { offered: true, online: true, price: '89' })
    vm.setServiceField('deposit', 'fixed amount')
    vm.setServiceField('depositAmount', '10')
    await vm.saveService()
    const saved = stored().services.find((s) => s.slug === slug)!
    expect(saved.price).toBe(99.5)
    expect(saved.locations.bath).toEqual({ online: true, price: 89 })
    expect(saved.deposit).toEqual({ type: 'fixed amount', amount: 10 })
    expect(vm.notice).toMatch(/^Saved: change service /)
  })

  it("refuses what the checks refuse, with the spec's texts, and sends nothing", async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    vm.setServiceField('online', false)
    vm.setServiceLocation('bristol', { offered: true, online: true })
    vm.setServiceField('price', 'lots')
    await vm.saveService()
    expect(applied).toHaveLength(0)
    expect(vm.errors).toContain('services[0].price: must be a number')
    vm.setServiceField('price', '120')
    await vm.saveService()
    expect(vm.errors).toContain("services[0].locations.bristol.online: You cannot activate 'Show online'. This feature is not enabled in the organisation.")
    vm.selectClinic('bath')
    vm.setClinicField('active', false)
    vm.setClinicField('online', true)
    await vm.saveClinic()
    expect(vm.errors).toEqual(['clinics[1].online: You cannot change this item, it should be activated/unarchived at organisation level'])
    expect(applied).toHaveLength(0)
  })

  it("saves a practitioner's weekly hours at a clinic (keeping their breaks) and their leave", async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    const slug = vm.practitioner
    const clinic = vm.practitionerClinic
    vm.setPractitionerHours('sun', '10:00-14:00')
    vm.setPractitionerLeave('2026-09-01 2026-09-05 Holiday\n2026-10-02')
    await vm.savePractitioner()
    const p = stored().practitioners.find((x) => x.slug === slug)!
    expect(p.hours[clinic]!.sun).toEqual({ work: ['10:00-14:00'] })
    expect(p.hours[clinic]).toMatchObject(Object.fromEntries(Object.entries(example().practitioners.find((x) => x.slug === slug)!.hours[clinic]!)))
    expect(p.leave).toEqual([{ from: '2026-09-01', to: '2026-09-05', name: 'Holiday' }, { from: '2026-10-02', to: '2026-10-02' }])
  })

  it('taking a service offline hides it at every clinic; deactivating a clinic hides it online (spec section 4)', async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    const slug = vm.service
    vm.setServiceField('online', false)
    expect(Object.values(vm.serviceDraft.locations).every((at) => !at.online)).toBe(true)
    await vm.saveService()
    expect(vm.errors).toEqual([])
    expect(Object.values(stored().services.find((s) => s.slug === slug)!.locations).every((at) => !at.online)).toBe(true)
    vm.selectClinic('bath')
    vm.setClinicField('active', false)
    await vm.saveClinic()
    expect(vm.errors).toEqual([])
    expect(stored().clinics[1]).toMatchObject({ active: false, online: false })
  })

  it('saves organisation texts and embed hosts; an unchanged save says there is nothing to save', async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    vm.setOrg('thankYouText', '<p>Thanks!</p>')
    vm.setOrg('giftVoucherValues', '25, 75.50')
    vm.setOrg('bookingDepositType', 'fixed amount')
    vm.setOrg('bookingDepositAmount', '15')
    await vm.saveOrganisation()
    expect(stored().organisation.settings).toMatchObject({ thankYouText: '<p>Thanks!</p>', giftVoucherValues: [25, 75.5], bookingDepositType: 'fixed amount', bookingDepositAmount: 15 })
    expect(vm.notice).toBe('Saved: change organisation Riverside Skin Clinic (settings.bookingDepositType, settings.bookingDepositAmount, settings.giftVoucherValues, settings.thankYouText).')
    vm.setOrg('giftVoucherValues', '0')
    await vm.saveOrganisation()
    expect(vm.errors).toEqual(['organisation.settings.giftVoucherValues[0]: must be more than 0'])
    vm.setEmbedHosts('https://www.riverside.example\n')
    await vm.saveEmbedHosts()
    expect(stored().organisation.settings.embedHosts).toEqual(['https://www.riverside.example'])
    await vm.saveEmbedHosts()
    expect(vm.notice).toBe('Nothing to save: the settings already say this.')
  })

  it('adds a clinic, a service and a practitioner who offers it; each form then opens on the new item', async () => {
    const { vm, stored } = fakeServer()
    await vm.enter()
    vm.setNew('newClinic', 'name', 'Clifton')
    vm.setNew('newClinic', 'line1', '1 The Mall')
    vm.setNew('newClinic', 'city', 'Bristol')
    await vm.addClinic()
    expect(vm.errors).toEqual([])
    expect(stored().clinics.at(-1)).toMatchObject({ slug: 'clifton', name: 'Clifton', accountName: 'Clifton', active: true, online: true })
    expect(vm.clinic).toBe('clifton')
    vm.setNew('newService', 'name', 'LED facial')
    vm.setNew('newService', 'price', '65')
    await vm.addService()
    expect(stored().services.at(-1)).toMatchObject({ slug: 'led-facial', duration: 60, price: 65, locations: { bristol: { online: true }, bath: { online: true }, clifton: { online: true } } })
    expect(vm.service).toBe('led-facial')
    vm.setNewPractitioner('Nina Shah')
    await vm.addPractitioner()
    expect(vm.practitioner).toBe('nina-shah')
    vm.selectPractitioner('nina-shah', 'clifton')
    vm.setPractitionerHours('mon', '09:00-17:00')
    vm.setPractitionerService('led-facial', true)
    await vm.savePractitioner()
    expect(stored().practitioners.at(-1)).toMatchObject({ slug: 'nina-shah', hours: { clifton: { mon: { work: ['09:00-17:00'] } } } })
    expect(stored().services.at(-1)!.practitioners).toEqual({ 'nina-shah': {} })
  })

  it('a new service without a price is refused with its path; nothing is added', async () => {
    const { vm, applied } = fakeServer()
    await vm.enter()
    vm.setNew('newService', 'name', 'LED facial')
    await vm.addService()
    expect(vm.errors).toEqual([`services[${example().services.length}].price: is required`])
    expect(applied).toHaveLength(0)
    expect(vm.newService.name).toBe('LED facial')
  })

  it('archives a clinic after a confirmation: it leaves the document with every reference to it', async () => {
    const { vm, stored, applied } = fakeServer()
    await vm.enter()
    vm.selectClinic('bath')
    vm.askArchive('clinics')
    expect(vm.archiving).toEqual({ kind: 'clinics', slug: 'bath', name: 'Bath' })
    vm.closeArchive()
    expect(applied).toHaveLength(0)
    vm.askArchive('clinics')
    await vm.confirmArchive()
    expect(vm.notice).toContain('archive clinic bath')
    expect(stored().clinics.map((c) => c.slug)).toEqual(['bristol'])
    expect(stored().services.every((s) => !('bath' in s.locations))).toBe(true)
    expect(vm.clinic).toBe('bristol')
  })

  it('never loads the set-up for a practitioner (the server says 403 anyway)', async () => {
    const { vm, exportSetup } = fakeServer('practitioner')
    await vm.enter()
    expect(vm.isAdmin).toBe(false)
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
    )
    await failing.enter()
    await failing.saveEmbedHosts()
    expect(failing.error).toBe('Admins only.')
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
