import { describe, expect, it } from 'vitest'
import { csvCell, reportCsv } from './report-csv'

const activity = { bookings: 3, completed: 1, cancelled: 1, cancelledByCustomer: 1, cancelledByClinic: 0, cancelledLate: 0, noShows: 1, bookedMinutes: 120, workingMinutes: 480, utilisation: 25 }
const takings = { depositsTaken: 20, paymentsTaken: 45.5, refunds: 0, vouchersRedeemed: 12.5, coursesSold: 1, courseSales: 25.5, vouchersSold: 0, voucherSales: 0 }

describe('reportCsv', () => {
  it('writes a header, the clinics, the practitioners (no takings) and the total, with CRLF', () => {
    const csv = reportCsv({
      clinics: [{ name: 'Bath, Milsom St', ...activity, ...takings }],
      practitioners: [{ name: 'Dr "Max" Roe', clinic: 'Bath, Milsom St', ...activity, utilisation: null }],
      totals: { ...activity, ...takings },
    })
    const lines = csv.split('\r\n')
    expect(lines[0]!.split(',').slice(0, 4)).toEqual(['Row', 'Clinic', 'Practitioner', 'Bookings'])
    expect(lines[0]!.split(',')).toHaveLength(21)
    expect(lines[1]).toBe('Clinic,"Bath, Milsom St",,3,1,1,1,0,0,1,120,480,25,20,45.5,0,12.5,1,25.5,0,0')
    expect(lines[2]).toBe('Practitioner,"Bath, Milsom St","Dr ""Max"" Roe",3,1,1,1,0,0,1,120,480,,,,,,,,,')
    expect(lines[3]).toBe('Total,,,3,1,1,1,0,0,1,120,480,25,20,45.5,0,12.5,1,25.5,0,0')
    expect(lines[4]).toBe('')
  })

  it('keeps a name from running as a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell(-1)).toBe('-1')
  })
})
