import { describe, expect, it } from 'vitest'
import { EraseCustomer, ExportCustomerData } from '../../application/use-cases/admin.use-case'
import { fake, httpFail, ok } from '../../application/use-cases/fakes.test-support'
import type { AdminApi } from '../../application/ports/admin.port'
import type { CustomerDataExport, ErasureReceipt } from '../../contract/privacy.routes'
import { ManualClock } from './account.view-model.test-support'
import { erasedSummary, StaffCustomerPrivacyViewModel } from './staff-customer-privacy.view-model'
import { ToastViewModel } from './toast.view-model'

const ID = 'c50000000000000000000001'
const data: CustomerDataExport = {
  exportedAt: '2026-12-02T10:00:00.000Z', organisation: 'Riverside', customer: { id: ID, email: 'jane@example.test' },
  appointments: [], invoices: [], invoiceItems: [], forms: [{ is_signed: true, signature: 'data:image/png;base64,AA==' }], courses: [], giftVouchers: [], cards: [], messages: [],
}
const receipt: ErasureReceipt = { customerId: ID, pseudonym: 'Erased customer 00000001', appointmentsCancelled: 2, formsDeleted: 1, cardsDeleted: 0, leadsDeleted: 1, messagesDeleted: 3, invoicesKept: 1 }

function setUp(answers: { exportCustomer?: Awaited<ReturnType<AdminApi['exportCustomer']>>; eraseCustomer?: Awaited<ReturnType<AdminApi['eraseCustomer']>> }) {
  let api = fake<AdminApi>()
  if (answers.exportCustomer) api = api.on('exportCustomer', [answers.exportCustomer])
  if (answers.eraseCustomer) api = api.on('eraseCustomer', [answers.eraseCustomer])
  const saved: { name: string; content: string; type: string }[] = []
  const toasts = new ToastViewModel(new ManualClock())
  const vm = new StaffCustomerPrivacyViewModel(new ExportCustomerData(api.port), new EraseCustomer(api.port), { save: (name, content, type) => void saved.push({ name, content, type }) }, toasts)
  return { vm, saved, toasts, api }
}

describe("the desk record's 'Download their data'", () => {
  it("saves the customer's export as customer-<id>.json", async () => {
    const { vm, saved } = setUp({ exportCustomer: ok(data) })
    const pending = vm.download(ID)
    expect(vm.downloading).toBe(true)
    await pending
    expect(vm.downloading).toBe(false)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ name: `customer-${ID}.json`, type: 'application/json' })
    expect(JSON.parse(saved[0].content)).toEqual(data)
  })

  it("a practitioner: the server's refusal is shown, nothing saved", async () => {
    const { vm, saved, toasts } = setUp({ exportCustomer: httpFail(403, 'Only an admin can do this.') })
    await vm.download(ID)
    expect(saved).toEqual([])
    expect(toasts.toasts.map((t) => t.text)).toContain('Only an admin can do this.')
  })
})

describe("the desk record's 'Erase customer'", () => {
  it('asks first; confirmed, erases and says what was kept and what went', async () => {
    const { vm } = setUp({ eraseCustomer: ok(receipt) })
    vm.openErase()
    expect(vm.confirming).toBe(true)
    const pending = vm.confirmErase(ID)
    expect(vm.erasing).toBe(true)
    expect(await pending).toBe(true)
    expect(vm.erasing).toBe(false)
    expect(vm.confirming).toBe(false)
    expect(vm.erased).toBe('Erased. Invoices and payments kept as Erased customer 00000001 (1 invoice). Cancelled 2 future visits; deleted 1 form, 0 cards, 1 enquiry, 3 messages.')
    vm.reset()
    expect(vm.erased).toBeUndefined()
  })

  it('kept: nothing is sent', () => {
    const { vm, api } = setUp({})
    vm.openErase()
    vm.closeErase()
    expect(vm.confirming).toBe(false)
    expect(api.calls).toEqual([])
  })

  it("refused: the dialog stays open with the server's message", async () => {
    const { vm } = setUp({ eraseCustomer: httpFail(403, 'Only an admin can do this.') })
    vm.openErase()
    expect(await vm.confirmErase(ID)).toBe(false)
    expect(vm.confirming).toBe(true)
    expect(vm.error).toBe('Only an admin can do this.')
    expect(vm.erased).toBeUndefined()
  })

  it.each([
    [{ ...receipt, appointmentsCancelled: 1, formsDeleted: 2, cardsDeleted: 1, leadsDeleted: 0, messagesDeleted: 1, invoicesKept: 0 }, 'Erased. Invoices and payments kept as Erased customer 00000001 (0 invoices). Cancelled 1 future visit; deleted 2 forms, 1 card, 0 enquiries, 1 message.'],
  ])('summary %#', (r, text) => expect(erasedSummary(r)).toBe(text))
})
