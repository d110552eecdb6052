import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../../application/inject'
import { EraseCustomer, ExportCustomerData } from '../../application/use-cases/admin.use-case'
import type { ErasureReceipt } from '../../contract/privacy.routes'
import { FILE_SAVER, type Exec, type FileSaver } from './app-services'
import { ToastViewModel } from './toast.view-model'

export const STAFF_PRIVACY_TITLE = 'Personal data'
export const STAFF_PRIVACY_TEXT =
  "For the customer's requests under data protection law (admins only): a copy of everything held about them, or their erasure."
export const STAFF_DOWNLOAD_DATA = 'Download their data'
export const STAFF_ERASE = 'Erase customer'
export const STAFF_ERASE_TEXT =
  'Their details, forms, stored cards, enquiries and messages are deleted and their future visits cancelled without a notice; invoices and payments are kept under a pseudonym, as accounting law requires. This cannot be undone.'
export const STAFF_ERASE_KEEP = 'Keep the customer'

/** What an erasure did, as the desk says it (the CLI's wording). */
export function erasedSummary(r: ErasureReceipt): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
  return (
    `Erased. Invoices and payments kept as ${r.pseudonym} (${n(r.invoicesKept, 'invoice', 'invoices')}). ` +
    `Cancelled ${n(r.appointmentsCancelled, 'future visit', 'future visits')}; deleted ${n(r.formsDeleted, 'form', 'forms')}, ${n(r.cardsDeleted, 'card', 'cards')}, ` +
    `${n(r.leadsDeleted, 'enquiry', 'enquiries')}, ${n(r.messagesDeleted, 'message', 'messages')}.`
  )
}

/**
 * The desk record's 'Personal data' (issue 30 from the staff side, /staff/customers/:id): an admin
 * downloads a customer's export as a file (a subject access request) or erases them after an
 * alertdialog names them. The server refuses a practitioner (its message is shown).
 */
@injectable()
export class StaffCustomerPrivacyViewModel {
  downloading = false
  confirming = false
  erasing = false
  error?: string = undefined
  /** the last erasure's summary, shown on the record */
  erased?: string = undefined

  constructor(
    @inject(ExportCustomerData) private readonly exportData: Exec<ExportCustomerData>,
    @inject(EraseCustomer) private readonly erase: Exec<EraseCustomer>,
    @inject(FILE_SAVER) private readonly files: FileSaver,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
  ) {
    makeAutoObservable<StaffCustomerPrivacyViewModel, 'exportData' | 'erase' | 'files' | 'toasts'>(this, { exportData: false, erase: false, files: false, toasts: false })
  }

  /** A new record shown: nothing of the previous customer's. */
  reset(): void {
    this.confirming = false
    this.error = undefined
    this.erased = undefined
  }

  async download(customerId: string): Promise<void> {
    if (this.downloading) return
    this.downloading = true
    const result = await this.exportData.execute(customerId)
    runInAction(() => (this.downloading = false))
    if (E.isLeft(result)) return this.toasts.show(result.left.message)
    this.files.save(`customer-${customerId}.json`, JSON.stringify(result.right, null, 2), 'application/json')
  }

  openErase(): void {
    this.confirming = true
    this.error = undefined
  }

  closeErase(): void {
    if (this.erasing) return
    this.confirming = false
    this.error = undefined
  }

  /** Erases the customer; true when done (the page then shows the record again, pseudonymised). */
  async confirmErase(customerId: string): Promise<boolean> {
    if (this.erasing) return false
    this.erasing = true
    this.error = undefined
    const result = await this.erase.execute(customerId)
    return runInAction(() => {
      this.erasing = false
      if (E.isLeft(result)) {
        this.error = result.left.message
        return false
      }
      this.confirming = false
      this.erased = erasedSummary(result.right)
      return true
    })
  }
}
