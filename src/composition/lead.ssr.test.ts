// The server's render of the lead form against the browser's own entry (ui project, jsdom): the markup
// holds the query's form, one page for each state, and the browser hydrates it without an error,
// keeping what was typed into the server's markup before hydration (issue 28).
import { createElement, StrictMode } from 'react'
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { enableStaticRendering } from 'mobx-react-lite'
import { afterEach, describe, expect, it } from 'vitest'
import { renderLeadForm } from './lead.ssr'
import { leadPageState } from './lead-state'
import { createLeadContainer } from './lead.container'
import { ContainerProvider } from '../ui/use-view-model'
import { LeadShell } from '../ui/pages/lead/LeadShell'
import { keepTypedValues } from '../ui/pages/lead/lead-typed-values'
import { LeadViewModel } from '../ui/view-models/lead.view-model'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
let root: Root | undefined

afterEach(() => {
  // The server's render (lead.ssr.tsx) renders observers statically; the browser's below react.
  enableStaticRendering(true)
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
})

/** What src/lead.main.tsx does on a page whose root holds the server's markup for `search`. */
function hydrate(search: string, markup: string, typed: (root: HTMLElement) => void) {
  document.body.innerHTML = `<div id="root">${markup}</div>`
  enableStaticRendering(false)
  const element = document.getElementById('root')!
  typed(element)
  const container = createLeadContainer(window)
  const vm = container.get(LeadViewModel)
  vm.configure(search)
  const chosen = keepTypedValues(element, vm)
  const errors: unknown[] = []
  act(() => {
    root = hydrateRoot(element, createElement(StrictMode, null, createElement(ContainerProvider, { resolver: container, children: createElement(LeadShell, { search, onHydrated: chosen }) })), {
      onRecoverableError: (error) => errors.push(error),
    })
  })
  return { element, vm, errors }
}

const type = (element: HTMLElement, label: string, value: string) => {
  const id = [...element.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label)!.htmlFor
  ;(document.getElementById(id) as HTMLInputElement).value = value
}

describe('the lead form rendered on the server', () => {
  it('holds the heading, the fields and a Submit button disabled until the browser has hydrated it', () => {
    const { html, state } = renderLeadForm({ search: '', host: 'localhost:3000' })!
    expect(html).toContain('<h1')
    expect(html).toContain('Submit on enquiry')
    for (const label of ['First name', 'Surname', 'Email']) expect(html).toContain(label)
    expect(html).toMatch(/<button type="submit"[^>]* disabled="">Submit<\/button>/)
    expect(state).toBe(leadPageState(''))
  })

  it("is the query's form (heading, fields in order, message box, colours); thank-you, redirect and utm_* make no other page", () => {
    const search = '?title=Ask%20us%20anything&fields=mobilePhone,title&messageTitle=Your%20message&buttonColour=%23224466'
    const { html, state } = renderLeadForm({ search, host: 'localhost:3000' })!
    expect(html).toContain('Ask us anything')
    expect(html).toContain('Your message')
    expect(html).toContain('--lead-button:#224466')
    expect(html.indexOf('Mobile phone')).toBeLessThan(html.indexOf('>Title'))
    expect(state).not.toBe(leadPageState(''))
    expect(leadPageState(`${search}&thankYouText=Thanks&redirectUrl=https%3A%2F%2Fexample.com&utm_source=mail`)).toBe(state)
  })

  it('leaves a query whose colours or font would be more than one style declaration to the browser', () => {
    expect(renderLeadForm({ search: '?textColour=red;background:url(https://x.example/a.png)', host: 'localhost:3000' })).toBeUndefined()
    expect(renderLeadForm({ search: '?font=Inter}body{display:none', host: 'localhost:3000' })).toBeUndefined()
    expect(renderLeadForm({ search: '?textColour=%23222&font=Roboto', host: 'localhost:3000' })?.html).toContain('--lead-text:#222')
  })

  it('is hydrated without an error, keeping what was typed before, and Submit works once hydrated', () => {
    const search = '?fields=mobilePhone,interested&interested=Botox,Fillers&messageTitle=Message'
    const { html } = renderLeadForm({ search, host: 'localhost:3000' })!
    const { element, vm, errors } = hydrate(search, html, (root) => {
      type(root, 'First name', 'Ada')
      type(root, 'Message', 'Is Saturday possible?')
      ;(root.querySelector('input[value="Fillers"]') as HTMLInputElement).checked = true
      ;(root.querySelector('select[aria-label="Phone country"]') as HTMLSelectElement).value = 'au'
    })
    expect(errors).toEqual([])
    expect(vm.values).toMatchObject({ firstName: 'Ada', message: 'Is Saturday possible?', interested: ['Fillers'] })
    // The country chosen, set once hydrated: the number's placeholder follows it.
    expect(vm.country).toBe('au')
    // React attached to the server's elements: the typed text is still on them and stays after a render.
    act(() => vm.setField('surname', 'Lovelace'))
    expect(element.querySelector('input[type="tel"]')!.getAttribute('placeholder')).toBe('+61')
    const firstName = [...element.querySelectorAll('input')].find((i) => i.autocomplete === 'given-name')!
    expect(firstName.value).toBe('Ada')
    expect(Object.keys(firstName).some((key) => key.startsWith('__reactProps'))).toBe(true)
    expect(element.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(false)
  })
})
