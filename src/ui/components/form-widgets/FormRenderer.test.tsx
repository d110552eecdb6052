import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { FormField } from '../../../domain/forms/widgets'
import { FormAnswers } from '../../view-models/form-answers.view-model'
import { FormRenderer } from './FormRenderer'

afterEach(cleanup)

const fields: FormField[] = [
  { id: 'w-title', type: 'Title', title: 'About you' },
  { id: 'w-par', type: 'paragraph', content: '<p>Hello <b>there</b></p><script>window.bad = 1</script>' },
  { id: 'w-img-small', type: 'Image', title: 'Logo', src: '/logo.png', image_size: 'Small', alignment: 'Right' },
  { id: 'w-img-default', type: 'image', title: 'Banner', src: '/banner.png' },
  { id: 'w-img-big', type: 'Image', title: 'Wide', src: '/wide.png', image_size: 'Big', alignment: 'Center' },
  { id: 'w-block', type: 'Block' },
  { id: 'w-block-30', type: 'block', size: 30 },
  { id: 'w-text', type: 'Text', title: 'Name', isRequired: true },
  { id: 'w-area', type: 'TextArea', title: 'Notes' },
  { id: 'w-check', type: 'Checkbox', title: 'I agree', isRequired: true },
  { id: 'w-radio', type: 'radio', title: 'Smoker', options: ['Yes', 'No'] },
  { id: 'w-radio-sub', type: 'Radio', title: 'Pregnant', options: ['Yes', 'No'], textTitle: 'How many weeks?' },
  { id: 'w-select', type: 'Select', title: 'Skin type', options: ['1', '2'] },
  { id: 'w-auto', type: 'AutoComplete', title: 'Allergies', options: ['Penicillin'] },
  { id: 'w-rt', type: 'RadioText', title: 'Surgery', textTitle: 'Details' },
  { id: 'w-rl', type: 'radio-list', title: 'Conditions', options: [{ value: 'Diabetes' }] },
  { id: 'w-ra', type: 'RadioAutoComplete', title: 'Medication', options: ['Warfarin'] },
  { id: 'w-list', type: 'List', title: 'Treatments', options: ['Botox'] },
  { id: 'w-sign', type: 'SignatureField', title: 'Signature', isRequired: true },
  { id: 'w-hidden', type: 'Text', title: 'Secret', isVisible: 'f' },
]

describe('FormRenderer', () => {
  it('renders every widget type with its options', () => {
    const { container } = render(<FormRenderer answers={new FormAnswers(fields)} />)
    expect(screen.getByRole('heading', { name: 'About you' })).toBeTruthy()
    expect(container.querySelector('b')?.textContent).toBe('there')
    expect(container.querySelector('script')).toBeNull()
    const small = screen.getByRole('img', { name: 'Logo' })
    expect(small.style.width).toBe('75px')
    expect(small.parentElement?.className).toMatch(/right/)
    expect(screen.getByRole('img', { name: 'Banner' }).style.width).toBe('200px')
    expect(screen.getByRole('img', { name: 'Banner' }).parentElement?.className).toMatch(/left/)
    expect(screen.getByRole('img', { name: 'Wide' }).style.width).toBe('100%')
    const blocks = [...container.querySelectorAll('div[aria-hidden="true"]')].map((d) => (d as HTMLElement).style.height)
    expect(blocks).toEqual(['50px', '30px'])
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).rows).toBe(4)
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeTruthy()
    expect(within(screen.getByRole('group', { name: 'Smoker' })).getAllByRole('radio')).toHaveLength(2)
    expect(screen.getByRole('combobox', { name: 'Skin type' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Allergies' })).toBeTruthy()
    for (const name of ['Surgery', 'Conditions', 'Medication']) {
      expect(within(screen.getByRole('group', { name })).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['Yes', 'No'])
    }
    expect(screen.getByRole('button', { name: 'Add an item to Treatments' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Tap to sign: Signature/ })).toBeTruthy()
    expect(screen.queryByLabelText('Secret')).toBeNull()
  })

  it('marks required fields with an asterisk and ties a message to its field once touched', () => {
    const answers = new FormAnswers(fields)
    render(<FormRenderer answers={answers} />)
    const name = screen.getByRole('textbox', { name: 'Name' })
    expect(name.getAttribute('aria-required')).toBe('true')
    expect(document.querySelector(`label[for="${name.id}"]`)?.textContent).toBe('Name*')
    expect(document.querySelector('label[for="field-w-area"]')?.textContent).toBe('Notes')
    expect(name.getAttribute('aria-invalid')).toBeNull()
    fireEvent.blur(name)
    expect(name.getAttribute('aria-invalid')).toBe('true')
    const message = document.getElementById(name.getAttribute('aria-describedby') ?? '')
    expect(message?.textContent).toBe('field Name is required')
    fireEvent.change(name, { target: { value: 'Ada' } })
    expect(name.getAttribute('aria-invalid')).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }))
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }))
    expect(screen.getByText('This field must be checked to proceed')).toBeTruthy()
  })

  it('reveals sub-fields on yes, and writes { answer, sub }', () => {
    const answers = new FormAnswers(fields)
    render(<FormRenderer answers={answers} />)
    expect(screen.queryByLabelText('Details')).toBeNull()
    fireEvent.click(within(screen.getByRole('group', { name: 'Surgery' })).getByLabelText('Yes'))
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Knee' } })
    expect(answers.value('w-rt')).toEqual({ answer: 'Yes', sub: 'Knee' })
    fireEvent.click(within(screen.getByRole('group', { name: 'Pregnant' })).getByLabelText('Yes'))
    fireEvent.change(screen.getByLabelText('How many weeks?'), { target: { value: '12' } })
    expect(answers.value('w-radio-sub')).toEqual({ answer: 'Yes', sub: '12' })
    fireEvent.click(within(screen.getByRole('group', { name: 'Smoker' })).getByLabelText('No'))
    expect(answers.value('w-radio')).toBe('No')
  })

  it("a yes/no list names its rows after the question, not 'Please give details'", () => {
    render(<FormRenderer answers={new FormAnswers(fields)} />)
    fireEvent.click(within(screen.getByRole('group', { name: 'Conditions' })).getByLabelText('Yes'))
    const add = screen.getByRole('button', { name: 'Add an item to Conditions' })
    expect(add.textContent).toBe('+ Add an item')
    fireEvent.click(add)
    expect(screen.getByLabelText('Conditions 1')).toBeTruthy()
    expect(screen.queryByText(/Please give details/)).toBeNull()
  })

  it('list rows: add, choose, details, remove', () => {
    const answers = new FormAnswers(fields)
    render(<FormRenderer answers={answers} />)
    fireEvent.click(screen.getByRole('button', { name: 'Add an item to Treatments' }))
    expect(answers.errors['w-list']).toBe('Invalid option on field Treatments')
    fireEvent.change(screen.getByLabelText('Treatments 1'), { target: { value: 'Botox' } })
    fireEvent.change(screen.getByLabelText('Treatments 1 details'), { target: { value: 'June' } })
    expect(answers.value('w-list')).toEqual([{ value: 'Botox', info: 'June' }])
    fireEvent.click(screen.getByRole('button', { name: 'Remove Treatments 1' }))
    expect(answers.value('w-list')).toEqual([])
  })

  it('read-only: every control is disabled and shows the saved answers', () => {
    render(<FormRenderer answers={new FormAnswers(fields, { 'w-text': 'Ada', 'w-check': true }, true)} />)
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement
    expect(name.disabled).toBe(true)
    expect(name.value).toBe('Ada')
    expect((screen.getByRole('checkbox', { name: /I agree/ }) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByRole('button', { name: /Tap to sign/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add an item to Treatments' })).toBeNull()
  })
})

describe('FormRenderer with hostile stored markup', () => {
  it('renders paragraph markup without handlers, scripts or javascript: links, and no javascript: image', () => {
    const hostile: FormField[] = [
      {
        id: 'h-par',
        type: 'paragraph',
        content: '<p>Read me</p><img src="x" onerror="window.pwned = 1"><script>window.pwned = 2</script><a href="javascript:window.pwned = 3">link</a><iframe src="https://evil.example"></iframe>',
      },
      { id: 'h-img-js', type: 'Image', title: 'Evil', src: 'javascript:window.pwned = 4' },
      { id: 'h-img-tab', type: 'Image', title: 'Evil tab', src: 'java\tscript:window.pwned = 5' },
      { id: 'h-img-html', type: 'Image', title: 'Evil page', src: 'data:text/html,<script>window.pwned = 6</script>' },
      { id: 'h-img-ok', type: 'Image', title: 'Fine', src: 'data:image/png;base64,iVBORw0KGgo=' },
    ]
    const { container } = render(<FormRenderer answers={new FormAnswers(hostile)} />)
    expect(container.textContent).toContain('Read me')
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('iframe')).toBeNull()
    expect(container.querySelector('[onerror]')).toBeNull()
    for (const a of container.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/javascript:/i)
    for (const img of container.querySelectorAll('img')) expect(img.getAttribute('src') ?? '').toMatch(/^(x|data:image\/png;)/)
    expect(screen.queryByRole('img', { name: /^Evil/ })).toBeNull()
    expect(screen.getByRole('img', { name: 'Fine' }).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
  })
})
