import { describe, expect, it } from 'vitest'
import { DownloadMyData } from '../../application/use-cases/auth.use-case'
import { fake, httpFail, ok } from '../../application/use-cases/fakes.test-support'
import type { AccountApi } from '../../application/ports/account.port'
import type { CustomerDataExport } from '../../contract/privacy.routes'
import { ManualClock } from './account.view-model.test-support'
import { MyDataViewModel } from './my-data.view-model'
import { ToastViewModel } from './toast.view-model'

const data: CustomerDataExport = {
  exportedAt: '2026-12-02T10:00:00.000Z', organisation: 'Riverside', customer: { email: 'jane@example.test' },
  appointments: [], invoices: [], invoiceItems: [], forms: [{ is_signed: true, signature: 'data:image/png;base64,AA==' }], courses: [], giftVouchers: [], cards: [], messages: [],
}

function setUp(answer: Awaited<ReturnType<AccountApi['exportMyData']>>) {
  const api = fake<AccountApi>().on('exportMyData', [answer])
  const saved: { name: string; content: string; type: string }[] = []
  const toasts = new ToastViewModel(new ManualClock())
  const vm = new MyDataViewModel(new DownloadMyData(api.port), { save: (name, content, type) => void saved.push({ name, content, type }) }, toasts)
  return { vm, saved, toasts, api }
}

describe("the customer area's 'Download my data'", () => {
  it('saves everything the server holds as my-data.json', async () => {
    const { vm, saved } = setUp(ok(data))
    const pending = vm.save()
    expect(vm.downloading).toBe(true)
    await pending
    expect(vm.downloading).toBe(false)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ name: 'my-data.json', type: 'application/json' })
    expect(JSON.parse(saved[0].content)).toEqual(data)
  })

  it("shows the server's refusal and saves nothing", async () => {
    const { vm, saved, toasts } = setUp(httpFail(401, 'You need to log in to do this.'))
    await vm.save()
    expect(saved).toEqual([])
    expect(toasts.toasts.map((t) => t.text)).toContain('You need to log in to do this.')
  })
})
