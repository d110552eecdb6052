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
