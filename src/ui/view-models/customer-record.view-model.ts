import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../../application/inject'
import { AddStaffNote, OpenCustomerForm, ShowCustomerRecord } from '../../application/use-cases/desk.use-case'
import type { CustomerRecord } from '../../contract/desk.routes'
import type { UserForm } from '../../contract/forms.codecs'
import type { Exec } from './app-services'

export const NOTE_MAX = 4000

/**
 * The customer's record at the desk (/staff/customers/:id, issue 29): contact details, upcoming and
 * past visits, courses and their use, forms sent and signed (one opened at a time), and the staff's
 * notes (staff only), with a new note added at the top.
 */
@injectable()
export class CustomerRecordViewModel {
  customerId = ''
  record?: CustomerRecord = undefined
  loading = false
  error?: string = undefined
  note = ''
  noteError?: string = undefined
  saving = false
  /** the signed form opened for reading */
  form?: UserForm = undefined

  constructor(
    @inject(ShowCustomerRecord) private readonly show: Exec<ShowCustomerRecord>,
    @inject(AddStaffNote) private readonly addStaffNote: Exec<AddStaffNote>,
    @inject(OpenCustomerForm) private readonly openForm: Exec<OpenCustomerForm>,
  ) {
    makeAutoObservable<CustomerRecordViewModel, 'show' | 'addStaffNote' | 'openForm'>(this, { show: false, addStaffNote: false, openForm: false })
  }

  get name(): string {
    const c = this.record?.contact
    return c ? [c.title, c.firstName, c.surname].filter(Boolean).join(' ') : ''
  }

  async load(customerId: string): Promise<void> {
    this.customerId = customerId
    this.form = undefined
    this.note = ''
    this.noteError = undefined
    this.loading = true
    this.error = undefined
    const record = await this.show.execute(customerId)
    runInAction(() => {
      this.loading = false
      if (E.isLeft(record)) {
        this.error = record.left.message
        this.record = undefined
        return
      }
      this.record = record.right
    })
  }

  setNote(value: string): void {
    this.note = value
    this.noteError = undefined
  }

  async saveNote(): Promise<void> {
    const text = this.note.trim()
    if (text === '') {
      this.noteError = 'Write the note first.'
      return
    }
    if (text.length > NOTE_MAX) {
      this.noteError = `A note can be at most ${NOTE_MAX} characters.`
      return
    }
    this.saving = true
    const saved = await this.addStaffNote.execute(this.customerId, text)
    runInAction(() => {
      this.saving = false
      if (E.isLeft(saved)) {
        this.noteError = saved.left.message
        return
      }
      this.note = ''
      if (this.record) this.record = { ...this.record, notes: [saved.right, ...this.record.notes] }
    })
  }

  async open(formId: string): Promise<void> {
    const form = await this.openForm.execute(this.customerId, formId)
    runInAction(() => {
      if (E.isLeft(form)) {
        this.error = form.left.message
        return
      }
      this.form = form.right
    })
  }

  closeForm(): void {
    this.form = undefined
  }
}
