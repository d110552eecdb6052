/**
 * The clinic's standard forms: a consent form, a medical history (one widget of every type of spec
 * section 3), a general feedback form. The demo seed writes them for the demo customer; staff send
 * them with `clinic admin customer send-form` when they give no model of their own.
 */
import type { FormField, FormModel, UserForm } from '../../src/contract'

const image =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" rx="12" fill="#e8f0fb"/><text x="100" y="48" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#2f6fd1">Clinic</text></svg>',
  ).toString('base64')

const yesNo = ['Yes', 'No']

/** One widget of every type of spec section 3, capitalised and lowercase forms. */
export function medicalFields(): FormField[] {
  return [
    { id: 'mh-title', type: 'Title', title: 'Medical history' },
    { id: 'mh-intro', type: 'Paragraph', content: 'Please answer every question marked with an asterisk. Your answers are confidential.' },
    { id: 'mh-logo', type: 'Image', src: image, image_size: 'Medium', alignment: 'Center' },
    { id: 'mh-gp', type: 'Text', title: 'GP name and surgery', isRequired: true },
    { id: 'mh-conditions', type: 'Checkbox', title: 'I have read the pre-treatment advice', isRequired: true },
    { id: 'mh-pregnant', type: 'Radio', title: 'Are you pregnant or breastfeeding?', options: yesNo, isRequired: true },
    { id: 'mh-allergy-drug', type: 'AutoComplete', title: 'Known drug allergies', options: ['Penicillin', 'Aspirin', 'Ibuprofen', 'Lidocaine'], multiple: true, limitTags: 3 },
    { id: 'mh-current-medicines', type: 'AutoComplete', title: 'Current medicines', useDrugList: true, multiple: true, limitTags: 5 },
    { id: 'mh-medication', type: 'RadioAutoComplete', title: 'Do you take any medication?', options: ['Warfarin', 'Isotretinoin', 'Metformin', 'Levothyroxine'], isSubFieldRequired: true, isRequired: true },
    { id: 'mh-surgery', type: 'RadioText', title: 'Have you had surgery in the last 12 months?', textTitle: 'Please give details', isSubFieldRequired: true, isRequired: true },
    { id: 'mh-treatments', type: 'List', title: 'Previous treatments', options: [{ value: 'The same treatment', info: 'when' }, { value: 'A similar treatment', info: 'when' }, { value: 'Another treatment', info: 'when' }] },
    { id: 'mh-conditions-list', type: 'RadioList', title: 'Do you have any medical conditions?', options: [{ value: 'Diabetes' }, { value: 'Epilepsy' }, { value: 'Heart condition' }], isRequired: true },
    { id: 'mh-notes', type: 'TextArea', title: 'Anything else we should know?' },
    { id: 'mh-space', type: 'Block', size: 50 },
    { id: 'mh-skin', type: 'Select', title: 'Skin type', options: ['1', '2', '3', '4', '5', '6'], isRequired: true },
    { id: 'mh-sign', type: 'SignatureField', title: 'Patient signature', isRequired: true },
    { id: 'mh-lower-title', type: 'title', title: 'Lifestyle' },
    { id: 'mh-lower-paragraph', type: 'paragraph', content: 'These questions help us plan your aftercare.' },
    { id: 'mh-lower-image', type: 'image', src: image, image_size: 'Small', alignment: 'Left' },
    { id: 'mh-lower-autocomplete', type: 'autocomplete', title: 'Supplements', options: ['Vitamin E', 'Fish oil', 'Ginkgo'], useDrugList: false, multiple: true },
    { id: 'mh-lower-select', type: 'select', title: 'How often do you exercise?', options: ['Never', 'Weekly', 'Daily'] },
    { id: 'mh-lower-checkbox', type: 'checkbox', title: 'Contact me about aftercare by email' },
    { id: 'mh-lower-radio', type: 'radio', title: 'Do you smoke?', options: yesNo },
    { id: 'mh-lower-text', type: 'text', title: 'Occupation' },
    { id: 'mh-lower-textarea', type: 'textarea', title: 'Your goals for treatment' },
    { id: 'mh-lower-block', type: 'block', size: 30 },
    { id: 'mh-lower-list', type: 'list', title: 'Sports you play', options: [{ value: 'Running' }, { value: 'Swimming' }] },
    { id: 'mh-lower-radio-text', type: 'radio-text', title: 'Do you use sunbeds?', textTitle: 'How often?' },
    { id: 'mh-lower-radio-list', type: 'radio-list', title: 'Any skin reactions in the past?', options: [{ value: 'Redness' }, { value: 'Swelling' }] },
    { id: 'mh-lower-radio-autocomplete', type: 'radio-autocomplete', title: 'Have you taken antibiotics recently?', options: ['Amoxicillin', 'Doxycycline'] },
    { id: 'mh-lower-signature', type: 'signature', title: 'Practitioner signature (optional)' },
  ]
}

export const consentModel = (): FormModel => ({
  name: 'Treatment consent',
  description: 'Consent to treatment',
  tag: 'consent',
  isForAllTreatments: true,
  isFor: ['client'],
  consent:
    'I confirm that the treatment, its expected results, risks and alternatives have been explained to me, that I have had the opportunity to ask questions, and that I consent to the treatment. I understand that results vary and that further treatment may be needed.',
  fields: [],
})

export const medicalModel = (): FormModel => ({
  name: 'Medical history',
  description: 'Please complete before your first appointment',
  tag: 'medical',
  isForAllTreatments: true,
  isFor: ['client'],
  fields: medicalFields(),
})

export const generalModel = (): FormModel => ({
  name: 'Aftercare feedback',
  description: 'How did your treatment go?',
  tag: 'general',
  isForAllTreatments: false,
  isFor: ['client'],
  fields: [
    { id: 'g-title', type: 'Title', title: 'Your feedback' },
    { id: 'g-happy', type: 'Radio', title: 'Are you happy with your results?', options: yesNo, isRequired: true },
    { id: 'g-comments', type: 'TextArea', title: 'Comments' },
  ],
})

/** The clinic's standard form of a type, sent when staff give no model of their own. */
export function standardForm(type: UserForm['type']): FormModel {
  switch (type) {
    case 'consent':
      return consentModel()
    case 'medical':
      return medicalModel()
    case 'general':
      return generalModel()
    case 'aftercare':
      return { ...generalModel(), tag: 'aftercare' }
  }
}
