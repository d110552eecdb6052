import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as E from 'fp-ts/Either'
import { CardsSection } from './CardsSection'
import { CardsViewModel } from '../../view-models/cards.view-model'
import { useCase, world } from '../../view-models/account.view-model.test-support'
import type { StoredCard } from '../../../contract/cards.routes'

afterEach(cleanup)

const VISA: StoredCard = { id: 'card1', last_4: '4242', card_brand: 'VISA', exp_month: 12, exp_year: 2030, isDefaultCard: true }

async function renderCards() {
  const w = world()
  const none = useCase(() => E.right(undefined))
  const remove = useCase(() => E.right([]))
  const vm = new CardsViewModel(useCase(() => E.right([VISA])) as never, none as never, remove as never, none as never, none as never, none as never, w.session, w.toasts, w.navigator, none as never)
  await act(() => vm.load())
  render(<CardsSection vm={vm} />)
  return { vm, remove }
}

describe('CardsSection', () => {
  it("a double click on 'Delete' leaves 'Delete this card?' open: the second click does not undo the first", async () => {
    const { vm, remove } = await renderCards()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Delete card ending 4242' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this card?' })
    // The double click's second click: in a browser it lands on the overlay that now covers the button.
    const overlay = dialog.parentElement?.parentElement as HTMLElement
    expect(overlay.contains(dialog)).toBe(true)
    await user.click(overlay)
    expect(vm.deleting?.id).toBe('card1')
    expect(screen.getByRole('alertdialog', { name: 'Delete this card?' })).toBeTruthy()
    expect(remove.execute).not.toHaveBeenCalled()
    // Only the customer's answer closes it.
    await user.click(screen.getByRole('button', { name: 'Keep card' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(vm.deleting).toBeUndefined()
  })
})
