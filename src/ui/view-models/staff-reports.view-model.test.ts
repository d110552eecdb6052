import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { monthOf, StaffReportsViewModel } from './staff-reports.view-model'
import { useCase } from './account.view-model.test-support'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import { ManualClock } from '../../adapters/clock/system-clock.adapter'
import type { AppError } from '../../application/failure'
import type { Report, ReportQuery } from '../../contract/reports.routes'

const CLINIC = 'c'.repeat(24)
const activity = { bookings: 2, completed: 1, cancelled: 1, cancelledByCustomer: 1, cancelledByClinic: 0, cancelledLate: 0, noShows: 0, bookedMinutes: 60, workingMinutes: 480, utilisation: 12.5 }
const takings = { depositsTaken: 20, paymentsTaken: 20, refunds: 0, vouchersRedeemed: 0, coursesSold: 0, courseSales: 0, vouchersSold: 0, voucherSales: 0 }
const answerFor = (q: ReportQuery): Report => ({ from: q.from, to: q.to, currency: 'GBP', clinics: [{ id: CLINIC, name: 'London', ...activity, ...takings }], practitioners: [], totals: { ...activity, ...takings } })

function setup(options: { role?: 'admin' | 'practitioner'; token?: boolean; reportError?: AppError } = {}) {
  const tokens = new InMemoryTokenStore()
  if (options.token !== false) tokens.set('staff-token')
  const report = useCase(async (q: ReportQuery): Promise<E.Either<AppError, Report>> => (options.reportError ? E.left(options.reportError) : E.right(answerFor(q))))
  const me = useCase(async () => E.right({ id: 'a'.repeat(24), email: 'a@demo.test', displayName: 'Owner', role: options.role ?? 'admin' }))
  const locations = useCase(async () => E.right({ clinics: [{ id: CLINIC, accountName: 'London clinic', name: 'London', address: {} }] }))
  // 23:30 UTC on 31 May is 1 June in London (BST)
  const clock = new ManualClock(new Date('2026-05-31T23:30:00Z'))
  const vm = new StaffReportsViewModel(report as never, me as never, locations as never, tokens, clock)
  return { vm, report, me }
}

describe('StaffReportsViewModel', () => {
  it("opens on the London month and reports it for an admin, with the CSV to download", async () => {
    const { vm, report } = setup()
    await vm.enter()
    expect([vm.from, vm.to]).toEqual(['2026-06-01', '2026-06-30'])
    expect(report.execute).toHaveBeenCalledWith({ from: '2026-06-01', to: '2026-06-30' })
    expect(vm.report?.clinics[0]?.name).toBe('London')
    expect(vm.csv?.split('\r\n')[1]?.startsWith('Clinic,London,,2,1,1,1,0,0,0,60,480,12.5,20,20')).toBe(true)
    expect(vm.csvFileName).toBe('report-2026-06-01-to-2026-06-30.csv')
    await vm.setLocation(CLINIC)
    expect(report.execute).toHaveBeenLastCalledWith({ from: '2026-06-01', to: '2026-06-30', location: CLINIC })
  })

  it('never asks for a practitioner, nor without a staff sign-in', async () => {
    const practitioner = setup({ role: 'practitioner' })
    await practitioner.vm.enter()
    expect(practitioner.vm.isAdmin).toBe(false)
    expect(practitioner.report.execute).not.toHaveBeenCalled()
    const nobody = setup({ token: false })
    await nobody.vm.enter()
    expect(nobody.vm.signedIn).toBe(false)
    expect(nobody.me.execute).not.toHaveBeenCalled()
  })

  it("checks the range before asking, and shows the server's refusal", async () => {
    const { vm, report } = setup()
    await vm.enter()
    vm.setFrom('2026-07-01')
    await vm.load()
    expect(vm.error).toBe("The report's end date is before its start date.")
    expect(report.execute).toHaveBeenCalledTimes(1)
    const refused = setup({ reportError: { _tag: 'Refused', status: 403, message: 'Your staff role does not allow this.' } })
    await refused.vm.enter()
    expect(refused.vm.error).toBe('Your staff role does not allow this.')
  })

  it('knows each month its length', () => {
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
  })
})
