import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as E from 'fp-ts/Either'
import { AppointmentsTable } from './AppointmentsTable'
import { AppointmentsTabViewModel } from '../../view-models/appointments-tab.view-model'
import { appointment, ORGANISATION, useCase, world } from '../../view-models/account.view-model.test-support'
import type { AppointmentView } from '../../../contract/appointments.codecs'
import { AddToCalendarViewModel } from '../../view-models/add-to-calendar.view-model'
import type { AppError } from '../../../application/failure'

afterEach(cleanup)

// jsdom has no CSS.escape, which react-aria's popover uses.
const css = (globalThis as { CSS?: { escape?: (s: string) => string } }).CSS ?? {}
css.escape ??= (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`)
;(globalThis as { CSS?: unknown }).CSS = css

async function renderTable(list: AppointmentView[], rules = 'other', calendar?: AddToCalendarViewModel) {
  const w = world()
  const ok = <T,>(value: T) => useCase(() => E.right(value))
  const vm = new AppointmentsTabViewModel(
    ok(list) as never, ok({}) as never, ok({}) as never, ok({ ...ORGANISATION, cancellationRules: rules }) as never, ok({ clinics: [] }) as never,
    w.session, w.booking, w.toasts, w.clock,
  )
  await vm.load()
  render(<AppointmentsTable vm={vm} calendar={calendar} />)
  return vm
}

describe('AppointmentsTable', () => {
  it('says No content to show. without appointments', async () => {
    await renderTable([])
    expect(screen.getByText('No content to show.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows the columns, the swipe hint and each row', async () => {
    await renderTable([appointment('a1', 100)])
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Date', 'Service', 'Staff', 'Location', 'Actions'])
    expect(screen.getByText('Swipe table to see options')).toBeTruthy()
    const row = screen.getAllByRole('row')[1]!
    expect(within(row).getByText('Signature facial')).toBeTruthy()
    expect(within(row).getByText('Amy Lee')).toBeTruthy()
  })

  it('opens the Options menu and the confirm cancellation dialog', async () => {
    await renderTable([appointment('a1', 100)])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Options for Signature facial/ }))
    expect(screen.getByRole('menuitem', { name: 'Reschedule appointment' })).toBeTruthy()
    await user.click(screen.getByRole('menuitem', { name: 'Cancel appointment' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Confirm cancellation')).toBeTruthy()
    expect(within(dialog).getByText('Are you sure you want to cancel this appointment?')).toBeTruthy()
  })

  it('after a cancellation (its row and Options button gone) the focus stays in the list, on its heading', async () => {
    const vm = await renderTable([appointment('a1', 100), appointment('a2', 200)])
    const user = userEvent.setup()
    await user.click(screen.getAllByRole('button', { name: /Options for Signature facial/ })[0]!)
    await user.click(screen.getByRole('menuitem', { name: 'Cancel appointment' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }))
    await waitFor(() => expect(vm.appointments.map((a) => a.id)).toEqual(['a2']))
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your appointments' })))
  })

  it('shows the Options button disabled within the late period under the allow rule', async () => {
    await renderTable([appointment('a1', 10)], 'allow')
    const button = screen.getByRole('button', { name: /Options for Signature facial/ })
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true)
    // Its name gives the reason (the late period), not 'not available online': the service is bookable online.
    expect(button.getAttribute('aria-label')).toMatch(/^Options for Signature facial on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(Within 48 hours: please contact us\)$/)
  })

  it('shows Book again and Cannot be rebooked online for past appointments', async () => {
    const hidden = appointment('a2', -48, { service: { ...appointment('x', 0).service, showOnline: false } })
    await renderTable([appointment('a1', -48), hidden])
    expect(screen.getByRole('button', { name: 'Book again' })).toBeTruthy()
    expect(screen.getByText('Cannot be rebooked online')).toBeTruthy()
  })

  it("offers 'Add to calendar' (the .ics download and a Google Calendar link) on upcoming appointments only", async () => {
    const saved: string[] = []
    const w = world()
    const download = useCase((id: string) => E.right<AppError, string>(`BEGIN:VCALENDAR ${id}`))
    const calendar = new AddToCalendarViewModel(download, { save: (name, content) => saved.push(`${name}: ${content}`) }, w.toasts)
    await renderTable([appointment('a1', 100), appointment('a0', -100)], 'other', calendar)
    const upcoming = document.querySelector('[data-appointment-id="a1"]') as HTMLElement
    const past = document.querySelector('[data-appointment-id="a0"]') as HTMLElement
    expect(within(past).queryByRole('button', { name: /Add to calendar/ })).toBeNull()
    expect(within(past).queryByRole('link', { name: /Google Calendar/ })).toBeNull()
    const google = within(upcoming).getByRole('link', { name: /Google Calendar for Signature facial/ })
    expect(google.getAttribute('href')).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE')
    await userEvent.click(within(upcoming).getByRole('button', { name: /Add to calendar \(\.ics\) for Signature facial/ }))
    await waitFor(() => expect(saved).toEqual(['appointment-a1.ics: BEGIN:VCALENDAR a1']))
  })
})

describe('AppointmentsTable: the late-cancellation preview', () => {
  it('says until when each upcoming appointment is free to cancel and what it costs after, live', async () => {
    const w = world()
    const ok = <T,>(value: T) => useCase(() => E.right(value))
    // 2026-06-01 09:00 UTC is Monday 10:00 in London; 49 hours ahead: Wednesday 11:00, free until Monday 11:00.
    const vm = new AppointmentsTabViewModel(
      ok([appointment('a1', 49), appointment('a2', -48)]) as never, ok({}) as never, ok({}) as never, ok({ ...ORGANISATION, lateCancellationChargeValue: 16 }) as never, ok({ clinics: [] }) as never,
      w.session, w.booking, w.toasts, w.clock,
    )
    await vm.load()
    render(<AppointmentsTable vm={vm} />)
    const [upcoming, past] = screen.getAllByRole('row').slice(1)
    expect(within(upcoming!).getByTestId('cancellation-preview').textContent).toBe('Free to cancel until Mon 11:00, then £16.00')
    expect(within(past!).queryByTestId('cancellation-preview')).toBeNull()
    act(() => w.clock.advance(3_600_000 + 30_000))
    expect(within(upcoming!).getByTestId('cancellation-preview').textContent).toBe('Cancelling now costs £16.00')
  })
})
