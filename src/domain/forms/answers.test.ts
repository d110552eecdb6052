import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { isSignatureEmpty, isYes, validateAnswers, validateFieldAnswer } from './answers'
import type { FormField } from './widgets'

const field = (type: string, extra: Partial<FormField> = {}): FormField => ({
  id: 'f1',
  type,
  title: 'Allergies',
  isRequired: true,
  ...extra,
})

describe('validateFieldAnswer', () => {
  it.each<[string, FormField, unknown, string | undefined]>([
    ['required text empty', field('Text'), '  ', 'field Allergies is required'],
    ['required text filled', field('text'), 'Nuts', undefined],
    ['optional text empty', field('Text', { isRequired: false }), '', undefined],
    ['required textarea missing', field('TextArea'), undefined, 'field Allergies is required'],
    ['required checkbox unchecked', field('Checkbox'), false, 'field Allergies should be checked'],
    ['required checkbox checked', field('checkbox'), true, undefined],
    ['required checkbox with options none', field('Checkbox', { options: ['a'] }), [], 'field Allergies should be checked'],
    ['required checkbox with options one', field('Checkbox', { options: ['a'] }), ['a'], undefined],
    ['optional checkbox unchecked', field('Checkbox', { isRequired: false }), false, undefined],
    ['required radio empty', field('Radio', { options: ['Yes', 'No'] }), '', 'field Allergies should be checked'],
    ['required radio chosen', field('radio', { options: ['Yes', 'No'] }), 'No', undefined],
    ['radio with sub-field answered no', field('Radio', { isSubFieldRequired: true }), { answer: 'No' }, undefined],
    [
      'radio with required sub-field empty on yes',
      field('Radio', { isSubFieldRequired: true }),
      { answer: 'Yes', sub: ' ' },
      'field Allergies is required',
    ],
    ['radio with sub-field unanswered', field('Radio'), { sub: 'x' }, 'field Allergies should be checked'],
    ['required select empty', field('Select'), undefined, 'field Allergies is required'],
    ['required select chosen', field('select'), 'A', undefined],
    ['required multiple autocomplete empty', field('AutoComplete'), [], 'field Allergies is required'],
    ['required multiple autocomplete blank', field('autocomplete'), [' '], 'field Allergies is required'],
    ['required multiple autocomplete chosen', field('AutoComplete'), ['Aspirin'], undefined],
    ['required list empty', field('List'), [], 'field Allergies is required'],
    ['required list not an array', field('List'), 'x', 'field Allergies is required'],
    ['list entries', field('list'), [{ value: 'Nuts', info: 'severe' }, 'Milk'], undefined],
    ['list non-text entry', field('List', { isRequired: false }), [{ value: 3 }], 'Invalid option on field Allergies'],
    ['list blank entry', field('List'), [{ value: ' ' }], 'Invalid option on field Allergies'],
    ['list null entry', field('List'), [null], 'Invalid option on field Allergies'],
    ['required signature empty', field('SignatureField'), '', 'field Allergies needs to be signed'],
    ['required signature empty canvas', field('signature'), 'data:,', 'field Allergies needs to be signed'],
    ['required signature signed', field('signature'), 'data:image/png;base64,iVBOR', undefined],
    ['optional signature empty', field('signature', { isRequired: false }), '', undefined],
    ['required yes/no unanswered', field('RadioText'), {}, 'field Allergies should be checked'],
    ['required yes/no no value', field('RadioText'), undefined, 'field Allergies should be checked'],
    ['yes/no answered no', field('RadioText', { isSubFieldRequired: true }), { answer: 'No' }, undefined],
    ['yes/no answered false', field('radio-text', { isSubFieldRequired: true }), { answer: false }, undefined],
    [
      'yes with required sub-field empty',
      field('RadioText', { isSubFieldRequired: true }),
      { answer: 'Yes', sub: '' },
      'field Allergies is required',
    ],
    ['yes with optional sub-field empty', field('RadioText'), { answer: 'Yes', sub: '' }, undefined],
    ['yes with sub-field filled', field('radio-text', { isSubFieldRequired: true }), { answer: true, sub: 'x' }, undefined],
    [
      'radio-autocomplete yes without choice',
      field('RadioAutoComplete', { isSubFieldRequired: true }),
      { answer: 'yes', sub: [] },
      'field Allergies is required',
    ],
    [
      'radio-list shown but empty',
      field('RadioList', { isRequired: false }),
      { answer: 'Yes', sub: [] },
      'Need to add at least 1 option to field Allergies',
    ],
    ['radio-list with entries', field('radio-list'), { answer: 'Yes', sub: [{ value: 'Penicillin' }] }, undefined],
    [
      'radio-list with a non-text entry',
      field('radio-list'),
      { answer: 'Yes', sub: [{ value: {} }] },
      'Invalid option on field Allergies',
    ],
    ['radio-list answered no', field('RadioList'), { answer: 'No', sub: [] }, undefined],
    ['hidden field', field('Text', { isVisible: 'f' }), '', undefined],
    ['visible field', field('Text', { isVisible: 't' }), '', 'field Allergies is required'],
    ['title is display only', field('Title'), undefined, undefined],
    ['paragraph is display only', field('paragraph'), undefined, undefined],
    ['image is display only', field('Image'), undefined, undefined],
    ['block is display only', field('block'), undefined, undefined],
    ['unknown type', field('Slider'), undefined, undefined],
    ['no title falls back to the id', field('Text', { title: undefined }), '', 'field f1 is required'],
  ])('%s', (_name, f, value, expected) => {
    expect(validateFieldAnswer(f, value)).toBe(expected)
  })

  it('uses the field value when no answer is given', () => {
    expect(validateFieldAnswer(field('Text', { value: '' }))).toBe('field Allergies is required')
    expect(validateFieldAnswer(field('Text', { value: 'x' }))).toBeUndefined()
  })

  it('the customer form has its own checkbox message', () => {
    expect(validateFieldAnswer(field('Checkbox'), false, 'customer')).toBe('This field must be checked to proceed')
    expect(validateFieldAnswer(field('Radio'), '', 'customer')).toBe('field Allergies should be checked')
  })
})

describe('validateAnswers', () => {
  const fields: FormField[] = [
    { id: 'a', type: 'Title', title: 'Medical history' },
    { id: 'b', type: 'Text', title: 'Name', isRequired: true, value: 'Stored' },
    { id: 'c', type: 'Checkbox', title: 'Consent', isRequired: true },
    { id: 'd', type: 'SignatureField', title: 'Signature', isRequired: true },
    { id: 'e', type: 'Text', title: 'Hidden', isRequired: true, isVisible: 'f' },
  ]

  it('returns every answer when all are acceptable', () => {
    expect(validateAnswers(fields, { c: true, d: 'data:image/png;base64,AAA' })).toEqual(
      E.right({ a: undefined, b: 'Stored', c: true, d: 'data:image/png;base64,AAA', e: undefined }),
    )
  })

  it('reports each failing field by id', () => {
    expect(validateAnswers(fields, { b: '' })).toEqual(
      E.left({
        b: 'field Name is required',
        c: 'field Consent should be checked',
        d: 'field Signature needs to be signed',
      }),
    )
    expect(validateAnswers(fields, { b: '' }, 'customer')).toEqual(
      E.left({
        b: 'field Name is required',
        c: 'This field must be checked to proceed',
        d: 'field Signature needs to be signed',
      }),
    )
  })

  it('keeps the first message when ids repeat', () => {
    const repeated: FormField[] = [
      { id: 'x', type: 'Text', title: 'One', isRequired: true },
      { id: 'x', type: 'Text', title: 'Two', isRequired: true },
    ]
    expect(validateAnswers(repeated)).toEqual(E.left({ x: 'field One is required' }))
  })
})

describe('helpers', () => {
  it.each([
    [true, true],
    ['Yes', true],
    [' yes ', true],
    ['No', false],
    [false, false],
    [undefined, false],
  ])('isYes(%s) is %s', (answer, expected) => {
    expect(isYes(answer)).toBe(expected)
  })

  it.each([
    [undefined, true],
    ['', true],
    ['data:,', true],
    [42, true],
    ['data:image/png;base64,AAA', false],
  ])('isSignatureEmpty(%s) is %s', (value, expected) => {
    expect(isSignatureEmpty(value)).toBe(expected)
  })
})
