import { describe, expect, it } from 'vitest'
import { WIDGET_KINDS } from '../../domain/forms/widgets'
import { FormBuilderViewModel, PALETTE } from './form-builder.view-model'

function builder() {
  const vm = new FormBuilderViewModel()
  let seed = 7
  vm.random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  return vm
}

describe('FormBuilderViewModel', () => {
  it('the palette offers every widget kind once', () => {
    expect(PALETTE.map((p) => p.kind).sort()).toEqual([...WIDGET_KINDS].sort())
  })

  it('adds widgets with their defaults (block 50, image Medium/Left) after the selected one, and selects them', () => {
    const vm = builder()
    const title = vm.add('Title')!
    const block = vm.add('Block')!
    expect(block.size).toBe(50)
    vm.select(title.id)
    const image = vm.add('Image')!
    expect(image.image_size).toBe('Medium')
    expect(image.alignment).toBe('Left')
    expect(vm.fields.map((f) => f.type)).toEqual(['Title', 'Image', 'Block'])
    expect(vm.selectedId).toBe(image.id)
    expect(image.id).toMatch(/^[0-9a-f]{24}$/)
    expect(new Set(vm.fields.map((f) => f.id)).size).toBe(3)
  })

  it('a new id never repeats one of the form', () => {
    const vm = builder()
    vm.random = () => 0
    vm.setFields([{ id: '0'.repeat(24), type: 'Text' }])
    let calls = 0
    vm.random = () => (calls++ < 24 ? 0 : 0.99)
    expect(vm.add('Text')!.id).toBe('f'.repeat(24))
  })

  it('reorders up and down within the list', () => {
    const vm = builder()
    const a = vm.add('Text')!
    vm.select(undefined)
    const b = vm.add('TextArea')!
    expect(vm.canMove(a.id, -1)).toBe(false)
    expect(vm.canMove(b.id, 1)).toBe(false)
    vm.move(b.id, -1)
    expect(vm.fields.map((f) => f.id)).toEqual([b.id, a.id])
    vm.move(b.id, 1)
    expect(vm.fields.map((f) => f.id)).toEqual([a.id, b.id])
  })

  it("deletes only after 'Are you sure you want to delete this block?' is confirmed", () => {
    const vm = builder()
    const a = vm.add('Text')!
    expect(vm.deletePrompt).toBe('Are you sure you want to delete this block?')
    vm.requestDelete(a.id)
    expect(vm.pendingDeleteId).toBe(a.id)
    vm.cancelDelete()
    expect(vm.fields).toHaveLength(1)
    vm.requestDelete(a.id)
    vm.confirmDelete()
    expect(vm.fields).toHaveLength(0)
    expect(vm.selectedId).toBeUndefined()
  })

  it("options: 'Can't add empty option', 'Option already insert', cleared when the draft changes", () => {
    const vm = builder()
    vm.add('Select')
    vm.setOptionDraft('   ')
    expect(vm.addOption()).toBe(false)
    expect(vm.optionError).toBe("Can't add empty option")
    vm.setOptionDraft(' Yes ')
    expect(vm.optionError).toBeUndefined()
    expect(vm.addOption()).toBe(true)
    expect(vm.selected?.options).toEqual(['Yes'])
    expect(vm.optionDraft).toBe('')
    vm.setOptionDraft('Yes')
    expect(vm.addOption()).toBe(false)
    expect(vm.optionError).toBe('Option already insert')
    vm.removeOption(vm.selectedId!, 0)
    expect(vm.selected?.options).toEqual([])
  })

  it('definition messages: choice without options, required paragraph, duplicated id (after Check)', () => {
    const vm = builder()
    vm.setFields([
      { id: 'a', type: 'Select', title: 'Pick', options: [] },
      { id: 'b', type: 'Paragraph', isRequired: true },
      { id: 'a', type: 'Text', title: 'Again' },
    ])
    expect(vm.issuesOf('a')).toEqual([])
    expect(vm.check()).toBe(false)
    expect(vm.issuesOf('a')).toEqual(['field Select at position 1 should have valid options', 'Duplicated ID'])
    expect(vm.issuesOf('b')).toEqual(['field Paragraph at position 2 must not be required'])
    vm.update('a', { useDrugList: true })
    vm.setFields([{ id: 'a', type: 'Select', useDrugList: true }])
    expect(vm.check()).toBe(true)
    expect(vm.issues).toEqual([])
  })

  it('edits a widget through update', () => {
    const vm = builder()
    const t = vm.add('Text')!
    vm.update(t.id, { title: 'Name', isRequired: true })
    expect(vm.selected).toMatchObject({ title: 'Name', isRequired: true })
  })

  it('read-only: add, move, delete, edit and options are refused', () => {
    const vm = builder()
    const a = vm.add('Select')!
    vm.select(undefined)
    const b = vm.add('Text')!
    vm.requestDelete(a.id)
    vm.setReadOnly(true)
    expect(vm.pendingDeleteId).toBeUndefined()
    expect(vm.add('Title')).toBeUndefined()
    vm.move(b.id, -1)
    vm.requestDelete(a.id)
    vm.confirmDelete()
    vm.update(a.id, { title: 'x' })
    vm.select(a.id)
    vm.setOptionDraft('One')
    expect(vm.addOption()).toBe(false)
    expect(vm.canMove(b.id, -1)).toBe(false)
    expect(vm.fields.map((f) => f.id)).toEqual([a.id, b.id])
    expect(vm.fields[0].title).toBe('Select')
    expect(vm.fields[0].options).toEqual([])
  })
})

describe('FormBuilderViewModel: preview', () => {
  it('previews the current definition with its required messages, and follows edits', () => {
    const vm = builder()
    const t = vm.add('Text')!
    vm.update(t.id, { title: 'Name', isRequired: true })
    expect(vm.preview.fields.map((f) => f.title)).toEqual(['Name'])
    vm.preview.touch(t.id)
    expect(vm.preview.errorFor(t.id)).toBe('field Name is required')
    vm.update(t.id, { title: 'Full name' })
    expect(vm.preview.fields[0].title).toBe('Full name')
  })
})
