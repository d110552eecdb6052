import { describe, expect, it } from 'vitest'
import { fieldLabel, imageAlignment, imageWidth, isVisibleField, WIDGET_KINDS, WIDGET_TYPES, widgetKind } from './widgets'

describe('widgetKind', () => {
  it.each([
    ['Title', 'title'],
    ['Paragraph', 'paragraph'],
    ['Text', 'text'],
    ['Checkbox', 'checkbox'],
    ['Radio', 'radio'],
    ['AutoComplete', 'autocomplete'],
    ['RadioAutoComplete', 'radio-autocomplete'],
    ['RadioText', 'radio-text'],
    ['List', 'list'],
    ['RadioList', 'radio-list'],
    ['TextArea', 'textarea'],
    ['Block', 'block'],
    ['Image', 'image'],
    ['SignatureField', 'signature'],
    ['Select', 'select'],
    ['radio-autocomplete', 'radio-autocomplete'],
    ['signature', 'signature'],
    ['textarea', 'textarea'],
    ['Signature', undefined],
    ['toString', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s is %s', (type, kind) => {
    expect(widgetKind(type)).toBe(kind)
  })

  it('every lowercase equivalent is its own kind and every kind has a type name', () => {
    for (const kind of WIDGET_KINDS) expect(widgetKind(kind)).toBe(kind)
    expect(new Set(Object.values(WIDGET_TYPES))).toEqual(new Set(WIDGET_KINDS))
  })
})

describe('image and display helpers', () => {
  it.each([
    ['Small', '75px'],
    ['Medium', '200px'],
    ['Big', '100%'],
    [undefined, '200px'],
    ['Huge', '200px'],
  ])('imageWidth(%s) is %s', (size, width) => {
    expect(imageWidth(size)).toBe(width)
  })

  it.each([
    ['Left', 'Left'],
    ['Center', 'Center'],
    ['Right', 'Right'],
    ['middle', 'Left'],
    [undefined, 'Left'],
  ])('imageAlignment(%s) is %s', (alignment, expected) => {
    expect(imageAlignment(alignment)).toBe(expected)
  })

  it.each([
    [{}, true],
    [{ isVisible: 't' as const }, true],
    [{ isVisible: 'f' as const }, false],
  ])('isVisibleField(%o) is %s', (field, expected) => {
    expect(isVisibleField(field)).toBe(expected)
  })

  it('marks required labels with an asterisk', () => {
    expect(fieldLabel({ title: 'Allergies', isRequired: true })).toBe('Allergies *')
    expect(fieldLabel({ title: 'Allergies' })).toBe('Allergies')
    expect(fieldLabel({})).toBe('')
  })
})
