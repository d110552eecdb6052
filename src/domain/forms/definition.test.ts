import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { isObjectId } from '../validation/ids'
import {
  addOption,
  chipLimit,
  createWidget,
  DELETE_BLOCK_PROMPT,
  generateWidgetId,
  moveWidget,
  removeWidget,
  validateDefinition,
  visibleChips,
  visibleDropdownItems,
} from './definition'
import type { FormField } from './widgets'

describe('validateDefinition', () => {
  it('accepts a valid definition', () => {
    const fields: FormField[] = [
      { id: 'a', type: 'Title', title: 'Header' },
      { id: 'b', type: 'Select', options: ['A', 'B'], isRequired: true },
      { id: 'c', type: 'autocomplete', useDrugList: true },
      { id: 'd', type: 'Text', isRequired: true },
    ]
    expect(validateDefinition(fields)).toEqual(E.right(fields))
  })

  it.each<[string, FormField[], { index: number; id: string; message: string }[]]>([
    [
      'duplicated ids',
      [
        { id: 'x', type: 'Text' },
        { id: 'x', type: 'TextArea' },
        { id: 'x', type: 'Text' },
      ],
      [
        { index: 1, id: 'x', message: 'Duplicated ID' },
        { index: 2, id: 'x', message: 'Duplicated ID' },
      ],
    ],
    [
      'required display widgets',
      [
        { id: 'a', type: 'Paragraph', isRequired: true },
        { id: 'b', type: 'title', isRequired: true },
        { id: 'c', type: 'Image', isRequired: true },
        { id: 'd', type: 'Block', isRequired: true },
      ],
      [
        { index: 0, id: 'a', message: 'field Paragraph at position 1 must not be required' },
        { index: 1, id: 'b', message: 'field title at position 2 must not be required' },
        { index: 2, id: 'c', message: 'field Image at position 3 must not be required' },
      ],
    ],
    [
      'choice fields without options',
      [
        { id: 'a', type: 'Text' },
        { id: 'b', type: 'AutoComplete' },
        { id: 'c', type: 'select', options: [] },
        { id: 'd', type: 'List', options: [' '] },
        { id: 'e', type: 'Radio' },
        { id: 'f', type: 'radio-autocomplete', useDrugList: false },
        { id: 'g', type: 'RadioText' },
        { id: 'h', type: 'Select', options: [{ value: '' }] },
        { id: 'i', type: 'Select', options: [{ value: 'A', info: 'i' }] },
      ],
      [
        { index: 1, id: 'b', message: 'field AutoComplete at position 2 should have valid options' },
        { index: 2, id: 'c', message: 'field select at position 3 should have valid options' },
        { index: 3, id: 'd', message: 'field List at position 4 should have valid options' },
        { index: 4, id: 'e', message: 'field Radio at position 5 should have valid options' },
        { index: 5, id: 'f', message: 'field radio-autocomplete at position 6 should have valid options' },
        { index: 7, id: 'h', message: 'field Select at position 8 should have valid options' },
      ],
    ],
    ['unknown type', [{ id: 'a', type: 'Slider' }], [{ index: 0, id: 'a', message: 'field Slider at position 1 has an unknown type' }]],
  ])('%s', (_name, fields, issues) => {
    expect(validateDefinition(fields)).toEqual(E.left(issues))
  })
})

describe('builder options', () => {
  it.each<[readonly string[], string, E.Either<string, readonly string[]>]>([
    [[], 'Yes', E.right(['Yes'])],
    [['Yes'], ' No ', E.right(['Yes', 'No'])],
    [['Yes'], '   ', E.left("Can't add empty option")],
    [['Yes'], 'Yes ', E.left('Option already insert')],
  ])('addOption(%o, %s)', (options, option, expected) => {
    expect(addOption(options, option)).toEqual(expected)
  })

  it('compares with the value of entry options', () => {
    expect(addOption([{ value: 'Nuts', info: 'x' }], ' Nuts')).toEqual(E.left('Option already insert'))
    expect(addOption([{ value: 'Nuts' }], 'Milk')).toEqual(E.right([{ value: 'Nuts' }, 'Milk']))
  })

  it('asks before deleting a block', () => {
    expect(DELETE_BLOCK_PROMPT).toBe('Are you sure you want to delete this block?')
  })
})

describe('dropdown limits', () => {
  it('shows at most 10 items', () => {
    const items = Array.from({ length: 15 }, (_, i) => i)
    expect(visibleDropdownItems(items)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(visibleDropdownItems([1, 2])).toEqual([1, 2])
  })

  it.each([
    [false, 3],
    [true, 2],
  ])('chip limit with trailing label %s is %s', (label, limit) => {
    expect(chipLimit(label)).toBe(limit)
  })

  it.each([
    [['a', 'b', 'c', 'd', 'e'], false, ['a', 'b', 'c'], 2],
    [['a', 'b', 'c', 'd', 'e'], true, ['a', 'b'], 3],
    [['a'], true, ['a'], 0],
  ])('visibleChips(%o, %s)', (selected, label, shown, hidden) => {
    expect(visibleChips(selected, label)).toEqual({ shown, hidden })
  })
})

describe('widget creation', () => {
  it('generates 24 hex ids from the random source', () => {
    const values = [0, 0.5, 0.9999, 0.0625]
    let i = 0
    const id = generateWidgetId(() => values[i++ % values.length])
    expect(id).toBe('08f1'.repeat(6))
    expect(isObjectId(id)).toBe(true)
    expect(generateWidgetId(() => 1)).toBe('f'.repeat(24))
  })

  it.each<[Parameters<typeof createWidget>[0], Partial<FormField>]>([
    ['Block', { size: 50 }],
    ['image', { src: '', image_size: 'Medium', alignment: 'Left' }],
    ['Paragraph', { content: '' }],
    ['Select', { options: [] }],
    ['Checkbox', { options: [] }],
    ['Text', {}],
  ])('createWidget(%s) has its defaults', (type, defaults) => {
    expect(createWidget(type, () => 'new-id')).toEqual({
      id: 'new-id',
      type,
      title: '',
      isRequired: false,
      isVisible: 't',
      ...defaults,
    })
  })

  const fields: FormField[] = ['a', 'b', 'c'].map((id) => ({ id, type: 'Text' }))
  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 9, ['a', 'c', 'b']],
    [5, 0, ['a', 'b', 'c']],
    [-1, 0, ['a', 'b', 'c']],
  ])('moveWidget(%s, %s)', (from, to, ids) => {
    expect(moveWidget(fields, from, to).map((f) => f.id)).toEqual(ids)
  })

  it('removeWidget drops the widget with that id', () => {
    expect(removeWidget(fields, 'b').map((f) => f.id)).toEqual(['a', 'c'])
  })
})
