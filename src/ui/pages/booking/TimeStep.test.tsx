import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { Container } from 'inversify'
import * as E from 'fp-ts/Either'
import { ContainerProvider } from '../../use-view-model'
import { TimeViewModel } from '../../view-models/time.view-model'
import { anna, clinicA, facial, world, slotHoldOf } from '../../view-models/booking.test-support'
import TimeStep from './TimeStep'
import { SlotHoldViewModel } from '../../view-models/slot-hold.view-model'

afterEach(cleanup)

function renderTimeStep() {
  const w = world({ GetAvailableDays: async () => E.right(['2026-03-12']) })
  w.booking.setLocation(clinicA)
  w.booking.chooseService(facial, 'cat1')
  w.booking.choosePractitioner(anna)
  w.booking.answerAnotherService(false)
  const slotHold = slotHoldOf(w)
  const vm = new TimeViewModel(w.useCases.GetAvailableDays, w.useCases.GetTimeSlots, w.booking, w.toasts, w.clock, slotHold)
  const container = new Container()
  container.bind(TimeViewModel).toConstantValue(vm)
  container.bind(SlotHoldViewModel).toConstantValue(slotHold)
  render(
    <MemoryRouter>
      <ContainerProvider resolver={container}>
        <TimeStep />
      </ContainerProvider>
    </MemoryRouter>,
  )
  return vm
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
