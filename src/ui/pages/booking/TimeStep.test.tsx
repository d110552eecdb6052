import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { Container } from 'inversify'
import * as E from 'fp-ts/Either'
import { ContainerProvider } from '../../use-view-model'
import { TimeViewModel } from '../../view-models/time.view-model'
import { anna, clinicA, facial, world, slotHoldOf, user, type World } from '../../view-models/booking.test-support'
import { WaitlistJoinViewModel } from '../../view-models/waitlist-join.view-model'
import TimeStep from './TimeStep'
import { SlotHoldViewModel } from '../../view-models/slot-hold.view-model'

afterEach(cleanup)

function renderTimeStep(days: string[] = ['2026-03-12'], prepare: (w: World) => void = () => undefined) {
  const w = world({ GetAvailableDays: async () => E.right(days) })
  prepare(w)
  w.booking.setLocation(clinicA)
  w.booking.chooseService(facial, 'cat1')
  w.booking.choosePractitioner(anna)
  w.booking.answerAnotherService(false)
  const slotHold = slotHoldOf(w)
  const vm = new TimeViewModel(w.useCases.GetAvailableDays, w.useCases.GetTimeSlots, w.booking, w.toasts, w.clock, slotHold)
  const container = new Container()
  container.bind(TimeViewModel).toConstantValue(vm)
  container.bind(SlotHoldViewModel).toConstantValue(slotHold)
  const waitlist = new WaitlistJoinViewModel({ execute: async () => E.left({ _tag: 'Refused', message: 'not in this test' }) }, w.booking, w.session, w.clock)
  container.bind(WaitlistJoinViewModel).toConstantValue(waitlist)
  render(
    <MemoryRouter>
      <ContainerProvider resolver={container}>
        <TimeStep />
      </ContainerProvider>
    </MemoryRouter>,
  )
  return { vm, w, waitlist }
}

describe('TimeStep calendar', () => {
  it('starts the week on Monday (en-GB), whatever the browser language', async () => {
    renderTimeStep()
    const grid = await screen.findByRole('grid')
    // March 2026 begins on a Sunday: a Monday-first grid opens on Monday 23 February.
    const firstCell = within(grid).getAllByRole('gridcell')[0]
    expect(firstCell.textContent).toBe('23')
    expect(grid.querySelector('thead th')?.textContent).toBe('M')
  })
})

describe('TimeStep waitlist (issue 32)', () => {
  it("a month without availability: the dialog's text and Ok as before, and 'Join the waitlist'; signed out, the login modal first", async () => {
    const { w, waitlist } = renderTimeStep([])
    const dialog = await screen.findByRole('dialog', { name: 'No availability' })
    expect(within(dialog).getByText('There is no availability for your selection this month.')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Ok' })).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }))
    expect(w.session.loginModalOpen).toBe(true)
    expect(waitlist.open).toBe(false)
  })

  it('signed in: the form, with the practitioner, the dates and the parts of the day', async () => {
    renderTimeStep(['2026-03-12'], (w) => w.session.signedIn(user))
    await screen.findByRole('grid')
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }))
    const dialog = await screen.findByRole('dialog', { name: 'Join the waitlist' })
    expect(within(dialog).getByText('Facial at Harley Street')).toBeTruthy()
    expect(within(dialog).getByRole('radio', { name: 'Anna Smith' })).toBeTruthy()
    expect(within(dialog).getByRole('radio', { name: 'Any practitioner' })).toBeTruthy()
    expect((within(dialog).getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-10')
    expect(within(dialog).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([true, true, true])
  })
})
