// What was typed into the server's markup of the lead form before hydration goes into the view model (ui project).
import { describe, expect, it } from 'vitest'
import { Container } from 'inversify'
import { leadModule } from '../../../composition/lead.container'
import { LeadViewModel } from '../../view-models/lead.view-model'
import { keepTypedValues } from './lead-typed-values'

const newViewModel = () => {
  const container = new Container()
  container.load(leadModule({ http: { baseUrl: '/api' }, window: { location: { host: 'x', assign: () => undefined }, parent: { postMessage: () => undefined } } }))
  const vm = container.get(LeadViewModel)
  vm.configure('?fields=mobilePhone,interested&interested=Botox,Fillers')
  return vm
}

describe('keepTypedValues', () => {
  it('takes typed text, ticked boxes and the chosen country; leaves what is untouched as the new form has it', () => {
    document.body.innerHTML = `
      <input data-lead-field="firstName" value="Ada">
      <input data-lead-field="surname" value="">
      <select data-lead-field="country"><option value="gb">UK</option><option value="au" selected>AU</option></select>
      <input data-lead-field="mobilePhone" value="0412 345 678">
      <input type="checkbox" data-lead-field="interested" value="Botox">
      <input type="checkbox" data-lead-field="interested" value="Fillers" checked>
      <input type="checkbox" data-lead-field="contactByEmail" checked>
      <textarea data-lead-field="message">Hello</textarea>`
    const vm = newViewModel()
    const hydrated = keepTypedValues(document.body, vm)
    expect(vm.values).toEqual({ firstName: 'Ada', mobilePhone: '0412 345 678', interested: ['Fillers'], contactByEmail: true, message: 'Hello' })
    // The country changes the number's placeholder (an attribute hydration leaves): set once hydrated.
    expect(vm.country).toBe('gb')
    hydrated()
    expect(vm.country).toBe('au')
  })

  it('changes nothing where nothing was typed', () => {
    document.body.innerHTML = '<input data-lead-field="firstName" value=""><input type="checkbox" data-lead-field="contactBySms">'
    const vm = newViewModel()
    keepTypedValues(document.body, vm)()
    expect(vm.values).toEqual({})
    expect(vm.country).toBe('gb')
  })
})
