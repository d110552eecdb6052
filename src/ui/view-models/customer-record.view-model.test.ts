import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { CustomerRecordViewModel } from './customer-record.view-model'
import { useCase } from './account.view-model.test-support'
import type { CustomerRecord, StaffNote } from '../../contract/desk.routes'

const ID = 'd'.repeat(24)
const RECORD: CustomerRecord = {
  contact: { id: ID, email: 'jo@example.com', firstName: 'Jo', surname: 'Bloggs', verified: true, title: 'Mx' },
  upcoming: [],
  past: [],
  courses: [],
  forms: [{ id: 'f'.repeat(24), type: 'consent', name: 'Consent', isSigned: true, isUpdated: false, sentAt: '2026-06-01T09:00:00.000Z' }],
  notes: [],
}
const NOTE: StaffNote = { id: 'e'.repeat(24), text: 'Prefers mornings', author: 'Desk', createdAt: '2026-06-01T09:00:00.000Z' }

function setup() {
  const show = useCase(async (_id: string) => E.right(RECORD))
  const add = useCase(async (_id: string, _text: string) => E.right(NOTE))
  const open = useCase(async (_id: string, _form: string) => E.right({ id: 'f'.repeat(24) }))
  return { vm: new CustomerRecordViewModel(show as never, add as never, open as never), show, add, open }
}

describe('CustomerRecordViewModel', () => {
  it('loads the record and names the customer', async () => {
    const { vm, show } = setup()
    await vm.load(ID)
    expect(show.execute).toHaveBeenCalledWith(ID)
    expect(vm.name).toBe('Mx Jo Bloggs')
  })

  it('adds a trimmed note at the top, refusing an empty or overlong one', async () => {
    const { vm, add } = setup()
    await vm.load(ID)
    vm.setNote('   ')
    await vm.saveNote()
    expect(vm.noteError).toBe('Write the note first.')
    vm.setNote('x'.repeat(4001))
    await vm.saveNote()
    expect(vm.noteError).toBe('A note can be at most 4000 characters.')
    vm.setNote(' Prefers mornings ')
    await vm.saveNote()
    expect(add.execute).toHaveBeenCalledWith(ID, 'Prefers mornings')
    expect(vm.record?.notes).toEqual([NOTE])
    expect(vm.note).toBe('')
  })

  it('opens a signed form and closes it', async () => {
    const { vm, open } = setup()
    await vm.load(ID)
    await vm.open('f'.repeat(24))
    expect(open.execute).toHaveBeenCalledWith(ID, 'f'.repeat(24))
    expect(vm.form).toBeDefined()
    vm.closeForm()
    expect(vm.form).toBeUndefined()
  })
})
