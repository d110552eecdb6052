import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { FormModel, WIDGET_TYPES } from '../../src/contract'
import { validateAnswers, validateDefinition } from '../../src/domain/forms'
import { consentModel, generalModel, medicalFields, medicalModel } from './commerce.seed'

describe('commerce seed forms', () => {
  it('the medical form has every widget type of the spec', () => {
    const types = new Set(medicalFields().map((f) => f.type))
    for (const type of WIDGET_TYPES) expect(types, type).toContain(type)
  })

  it('every seeded form is a valid definition and decodes with the contract', () => {
    for (const model of [consentModel(), medicalModel(), generalModel()]) {
      expect(validateDefinition(model.fields)).toEqual(E.right(model.fields))
      expect(E.isRight(FormModel.decode(model))).toBe(true)
    }
  })

  it('the medical form refuses empty answers and accepts complete ones', () => {
    const fields = medicalFields()
    expect(E.isLeft(validateAnswers(fields, {}))).toBe(true)
    const answers = {
      'mh-gp': 'Dr Patel, High St Surgery',
      'mh-conditions': true,
      'mh-pregnant': 'No',
      'mh-medication': { answer: 'No' },
      'mh-surgery': { answer: 'No' },
      'mh-conditions-list': { answer: 'No' },
      'mh-skin': '3',
      'mh-sign': 'data:image/png;base64,iVBORw0KGgo=',
    }
    expect(validateAnswers(fields, answers)).toMatchObject({ _tag: 'Right' })
  })
})
