import { describe, expect, it } from 'vitest'
import { standardForm } from './standard-forms'

describe("the clinic's standard consent form", () => {
  it('is for any treatment of any clinic: it names the treatment, never one kind of it', () => {
    const consent = standardForm('consent')
    expect(consent).toMatchObject({ name: 'Treatment consent', description: 'Consent to treatment', tag: 'consent', isForAllTreatments: true })
    const words = [consent.name, consent.description, consent.consent].join(' ').toLowerCase()
    for (const specific of ['wrinkle', 'botox', 'botulinum', 'filler', 'injection', 'laser']) expect(words).not.toContain(specific)
    expect(consent.consent).toContain('I consent to the treatment')
  })
})

describe("the clinic's standard medical history", () => {
  it("asks about previous treatments in words for any clinic or salon, naming no one kind of treatment", () => {
    const medical = standardForm('medical')
    const treatments = medical.fields.find((f) => f.id === 'mh-treatments')
    expect(treatments).toMatchObject({ type: 'List', title: 'Previous treatments' })
    const words = JSON.stringify(treatments).toLowerCase()
    for (const specific of ['aesthetic', 'botox', 'botulinum', 'toxin', 'filler', 'wrinkle', 'laser']) expect(words).not.toContain(specific)
    expect(treatments?.options?.length).toBeGreaterThan(0)
  })
})
