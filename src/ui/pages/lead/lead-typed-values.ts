import type { LeadCountry, LeadViewModel } from '../../view-models/lead.view-model'

/** The attribute naming what an element of the form edits (the server's markup has it too). */
export const LEAD_FIELD_ATTRIBUTE = 'data-lead-field'

type TextField = Parameters<LeadViewModel['setField']>[0]

/**
 * What a visitor typed, chose or ticked in the server's markup of the form before the page's script
 * ran, put into the view model before React hydrates that markup (issue 28): React keeps an
 * element's own value while it attaches, but knows nothing of it, and its next render would put the
 * view model's empty value back. Only what differs from the new form is set. A phone country chosen
 * changes other attributes (the number's placeholder), which hydration does not correct: it is set by
 * the function returned, to be called once hydrated.
 */
export function keepTypedValues(root: ParentNode, vm: LeadViewModel): () => void {
  let country: LeadCountry | undefined
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[${LEAD_FIELD_ATTRIBUTE}]`)) {
    const field = element.getAttribute(LEAD_FIELD_ATTRIBUTE)!
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (!element.checked) continue
      if (field === 'interested') vm.toggleInterested(element.value, true)
      else if (field === 'contactBySms') vm.setContact('SMS', true)
      else if (field === 'contactByEmail') vm.setContact('Email', true)
    } else if (field === 'country') {
      if (element.value !== vm.country && vm.countries.some((c) => c.code === element.value)) country = element.value as LeadCountry
    } else if (element.value !== '') {
      vm.setField(field as TextField, element.value)
    }
  }
  return () => {
    if (country !== undefined) vm.setCountry(country)
  }
}
