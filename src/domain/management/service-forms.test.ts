import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { type ServiceFormsSettings, validateServiceForms } from './service-forms'

describe('validateServiceForms', () => {
  it.each([
    [{}, null],
    [{ sendFormsByEmail: true, formsToEmail: ['f1'] }, null],
    [{ sendFormsByEmail: true, formsToEmail: [] }, 'Missing option on Forms to Email'],
    [{ sendFormsByEmail: true, formsToEmail: [' '] }, 'Missing option on Forms to Email'],
    [{ sendFormsByEmail: true }, 'Missing option on Forms to Email'],
    [{ sendFormsByEmail: false, formsToEmail: [] }, null],
    [{ requiresTreatmentForm: true, treatmentFormId: 'abc' }, null],
    [{ requiresTreatmentForm: true, treatmentFormId: '' }, 'Missing Treatment Form'],
    [{ requiresTreatmentForm: true }, 'Missing Treatment Form'],
  ] as [ServiceFormsSettings, string | null][])('%o', (settings, message) => {
    const result = validateServiceForms(settings)
    if (message === null) expect(result).toEqual(E.right(settings))
    else expect(E.isLeft(result) && result.left.message).toBe(message)
  })
})
