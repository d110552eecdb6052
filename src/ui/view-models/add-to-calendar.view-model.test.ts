import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { AddToCalendarViewModel, ICS_TYPE } from './add-to-calendar.view-model'
import { bookedIds, idsOfBooking, ThankYouCalendarViewModel, withBooked } from './thank-you-calendar.view-model'
import type { FileSaver } from './app-services'
import { appointment, CUSTOMER, useCase, world } from './account.view-model.test-support'
import type { AppError } from '../../application/failure'

class RecordingFileSaver implements FileSaver {
  saved: { fileName: string; content: string; type: string }[] = []
  save(fileName: string, content: string, type: string): void {
    this.saved.push({ fileName, content, type })
  }
}

const ICS = 'BEGIN:VCALENDAR\r\nUID:a1@clinic\r\nEND:VCALENDAR\r\n'

describe('AddToCalendarViewModel', () => {
  it('fetches the .ics through the use case and offers it as a download', async () => {
    const w = world()
    const files = new RecordingFileSaver()
    const download = useCase((id: string) => E.right<AppError, string>(`${ICS}${id}`))
    const vm = new AddToCalendarViewModel(download, files, w.toasts)
    await vm.downloadIcs(appointment('a1', 24))
    expect(download.execute).toHaveBeenCalledWith('a1')
    expect(files.saved).toEqual([{ fileName: 'appointment-a1.ics', content: `${ICS}a1`, type: ICS_TYPE }])
    expect(vm.downloading).toBeUndefined()
  })

  it('shows the failure as a toast and saves nothing', async () => {
    const w = world()
    const files = new RecordingFileSaver()
    const vm = new AddToCalendarViewModel(useCase(() => E.left<AppError, string>({ _tag: 'RequestFailed', message: 'Appointment not found.' } as unknown as AppError)), files, w.toasts)
    await vm.downloadIcs(appointment('a1', 24))
    expect(files.saved).toEqual([])
    expect(w.toasts.toasts.map((t) => t.text)).toEqual(['Appointment not found.'])
  })

  it('builds the Google Calendar link from the appointment (service, clinic, UTC times)', () => {
    const w = world()
    const vm = new AddToCalendarViewModel(useCase(() => E.right<AppError, string>(ICS)), new RecordingFileSaver(), w.toasts)
    const link = new URL(vm.googleLink(appointment('a1', 24)))
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(link.searchParams.get('action')).toBe('TEMPLATE')
    expect(link.searchParams.get('text')).toBe('Signature facial at Harley Street')
    expect(link.searchParams.get('dates')).toBe('20260602T090000Z/20260602T100000Z')
    expect(link.searchParams.get('location')).toBe('Harley Street')
  })
})

describe('ThankYouCalendarViewModel', () => {
  it("lists exactly this checkout's appointments (the ids on the thank-you address), soonest first", async () => {
    const w = world()
    const list = useCase((_customerId: string) => E.right<AppError, ReturnType<typeof appointment>[]>([appointment('later', 48), appointment('past', -2), appointment('soon', 3), appointment('booked-before', 5)]))
    const vm = new ThankYouCalendarViewModel(list, w.session, w.clock)
    await vm.load(bookedIds({ serviceBooking: 'true', booked: 'later,soon,past' }))
    expect(list.execute).toHaveBeenCalledWith(CUSTOMER.id)
    expect(vm.appointments.map((a) => a.id)).toEqual(['soon', 'later'])
    expect(vm.label(vm.appointments[0]!)).toBe('Signature facial on 01/06/2026 13:00')
  })

  it('shows nothing without ids, when the list cannot be loaded, or when nobody is signed in', async () => {
    const w = world()
    const list = useCase(() => E.right<AppError, ReturnType<typeof appointment>[]>([appointment('a1', 3)]))
    const noIds = new ThankYouCalendarViewModel(list, w.session, w.clock)
    await noIds.load(bookedIds({ serviceBooking: 'true' }))
    expect(noIds.appointments).toEqual([])
    expect(list.execute).not.toHaveBeenCalled()
    const failing = new ThankYouCalendarViewModel(useCase(() => E.left<AppError, never[]>({ _tag: 'RequestFailed', message: 'down' } as unknown as AppError)), w.session, w.clock)
    await failing.load(['a1'])
    expect(failing.appointments).toEqual([])
    const signedOut = world({ signedIn: false })
    const anonymous = new ThankYouCalendarViewModel(list, signedOut.session, signedOut.clock)
    await anonymous.load(['a1'])
    expect(list.execute).not.toHaveBeenCalled()
    expect(anonymous.appointments).toEqual([])
  })

  it("drops an earlier checkout's appointments: a course bought after a booking lists nothing (one view model per app)", async () => {
    const w = world()
    const list = useCase((_customerId: string) => E.right<AppError, ReturnType<typeof appointment>[]>([appointment('booked', 48)]))
    const vm = new ThankYouCalendarViewModel(list, w.session, w.clock)
    await vm.load(['booked'])
    expect(vm.appointments.map((a) => a.id)).toEqual(['booked'])
    await vm.load([])
    expect(vm.appointments).toEqual([])
  })

  it('lists what the latest page asked for when an earlier answer lands after it', async () => {
    const w = world()
    let releaseFirst: () => void = () => {}
    const first = new Promise<void>((resolve) => (releaseFirst = resolve))
    let calls = 0
    const list = useCase(async (_customerId: string) => {
      calls++
      if (calls === 1) await first
      return E.right<AppError, ReturnType<typeof appointment>[]>([appointment('old', 24), appointment('new', 48)])
    })
    const vm = new ThankYouCalendarViewModel(list, w.session, w.clock)
    const earlier = vm.load(['old'])
    await vm.load(['new'])
    releaseFirst()
    await earlier
    expect(vm.appointments.map((a) => a.id)).toEqual(['new'])
  })

  it('carries the ids on the thank-you address', () => {
    expect(withBooked('/location?serviceBooking=true', ['a', 'b'])).toBe('/location?serviceBooking=true&booked=a,b')
    expect(withBooked('/location?serviceBooking=true', [])).toBe('/location?serviceBooking=true')
    expect(bookedIds({ booked: ' a, ,b' })).toEqual(['a', 'b'])
    expect(idsOfBooking({ appointment: { id: 'a' }, appointments: [{ id: 'a' }, { id: 'b' }] })).toEqual(['a', 'b'])
  })
})
