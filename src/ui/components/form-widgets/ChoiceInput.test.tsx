import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FormField } from '../../../domain/forms/widgets'
import { FormAnswers } from '../../view-models/form-answers.view-model'
import { FormRenderer } from './FormRenderer'

afterEach(cleanup)

const fields: FormField[] = [
  { id: 'w-ra', type: 'RadioAutoComplete', title: 'Medication', options: ['Warfarin', 'Metformin', 'Levothyroxine'] },
  { id: 'w-auto', type: 'AutoComplete', title: 'Allergies', options: ['Penicillin', 'Aspirin', 'Ibuprofen'], multiple: true },
]

const settle = () => act(() => new Promise((r) => setTimeout(r, 50)))

/** The form rendered, 'Yes' answered to Medication: its details box (a single-choice list). */
async function medicationDetails() {
  const user = userEvent.setup()
  const answers = new FormAnswers(fields)
  render(<FormRenderer answers={answers} />)
  await user.click(within(screen.getByRole('group', { name: 'Medication' })).getByLabelText('Yes'))
  return { user, answers, input: screen.getByRole('combobox', { name: /Please give details/ }) }
}

describe('ChoiceInput', () => {
  it('a single choice picked from the list closes the list, which stays closed (it covered the next question)', async () => {
    const { user, answers, input } = await medicationDetails()
    await user.type(input, 'met')
    await user.click(await screen.findByRole('option', { name: 'Metformin' }))
    await settle()
    expect(answers.value('w-ra')).toEqual({ answer: 'Yes', sub: 'Metformin' })
    expect((input as HTMLInputElement).value).toBe('Metformin')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(input.getAttribute('aria-expanded')).not.toBe('true')
  })

  it('a single choice picked with the keyboard closes the list too', async () => {
    const { user, answers, input } = await medicationDetails()
    await user.type(input, 'lev')
    await screen.findByRole('option', { name: 'Levothyroxine' })
    await user.keyboard('{ArrowDown}{Enter}')
    await settle()
    expect(answers.value('w-ra')).toEqual({ answer: 'Yes', sub: 'Levothyroxine' })
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('a multiple choice adds a chip per pick', async () => {
    const user = userEvent.setup()
    const answers = new FormAnswers(fields)
    render(<FormRenderer answers={answers} />)
    await user.type(screen.getByRole('combobox', { name: 'Allergies' }), 'asp')
    await user.click(await screen.findByRole('option', { name: 'Aspirin' }))
    await settle()
    expect(answers.value('w-auto')).toEqual(['Aspirin'])
    expect(screen.getByRole('button', { name: 'Remove Aspirin' })).toBeTruthy()
  })
})
