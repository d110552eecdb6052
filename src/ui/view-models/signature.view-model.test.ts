import { describe, expect, it } from 'vitest'
import { SIGNATURE, SignatureViewModel } from './signature.view-model'

describe('SignatureViewModel', () => {
  it('uses the spec sizes: 300 px canvas, line width 3, small dialog, confirm label Save', () => {
    expect(SIGNATURE).toEqual({ canvasHeight: 300, lineWidth: 3, dialogSize: 'small', confirmLabel: 'Save' })
    expect(new SignatureViewModel().confirmLabel).toBe('Save')
    expect(new SignatureViewModel(undefined, undefined, 'Sign').confirmLabel).toBe('Sign')
  })

  it('goes empty, signed, cleared and tells its owner each change', () => {
    const changes: (string | undefined)[] = []
    const vm = new SignatureViewModel(undefined, (v) => changes.push(v))
    expect(vm.state).toBe('empty')
    vm.open()
    expect(vm.dialogOpen).toBe(true)
    vm.save('data:image/png;base64,AAA', false)
    expect(vm.state).toBe('signed')
    expect(vm.isSigned).toBe(true)
    expect(vm.dialogOpen).toBe(false)
    vm.clear()
    expect(vm.state).toBe('cleared')
    expect(vm.dataUrl).toBeUndefined()
    expect(changes).toEqual(['data:image/png;base64,AAA', undefined])
  })

  it('saving an empty canvas simply closes the dialog and keeps the signature', () => {
    const changes: (string | undefined)[] = []
    const vm = new SignatureViewModel('data:image/png;base64,OLD', (v) => changes.push(v))
    expect(vm.state).toBe('signed')
    vm.open()
    vm.save('data:,', true)
    expect(vm.dialogOpen).toBe(false)
    expect(vm.dataUrl).toBe('data:image/png;base64,OLD')
    vm.open()
    vm.save('data:,', false)
    expect(vm.dataUrl).toBe('data:image/png;base64,OLD')
    expect(changes).toEqual([])
  })

  it('close leaves the state alone; clear on an unsigned pad does nothing', () => {
    const vm = new SignatureViewModel()
    vm.open()
    vm.close()
    expect(vm.dialogOpen).toBe(false)
    vm.clear()
    expect(vm.state).toBe('empty')
    expect(new SignatureViewModel('data:,').state).toBe('empty')
  })
})
