import type { FormField } from '../../../domain/forms/widgets'

/** A medical history form using every widget type: the form builder page opens with it. */
export const SAMPLE_DEFINITION: FormField[] = [
  { id: '64b000000000000000000001', type: 'Title', title: 'Medical history' },
  { id: '64b000000000000000000002', type: 'Paragraph', content: '<p>Please answer every question marked with an asterisk. Your answers are confidential.</p>' },
  { id: '64b000000000000000000003', type: 'Image', title: 'Clinic logo', src: '/favicon.svg', image_size: 'Small', alignment: 'Center' },
  { id: '64b000000000000000000004', type: 'Text', title: 'GP name', isRequired: true },
  { id: '64b000000000000000000005', type: 'TextArea', title: 'Previous treatments' },
  { id: '64b000000000000000000006', type: 'Checkbox', title: 'I confirm my answers are true', isRequired: true },
  { id: '64b000000000000000000007', type: 'Radio', title: 'Are you pregnant?', options: ['Yes', 'No'], textTitle: 'How many weeks?', isRequired: true },
  { id: '64b000000000000000000008', type: 'Select', title: 'Skin type', options: ['1', '2', '3', '4', '5', '6'] },
  { id: '64b000000000000000000009', type: 'AutoComplete', title: 'Current medication', useDrugList: true, multiple: true },
  { id: '64b00000000000000000000a', type: 'RadioText', title: 'Any allergies?', textTitle: 'Which allergies?', isRequired: true, isSubFieldRequired: true },
  { id: '64b00000000000000000000b', type: 'RadioAutoComplete', title: 'Taking blood thinners?', useDrugList: true, multiple: true, labelAfter: 'daily' },
  { id: '64b00000000000000000000c', type: 'List', title: 'Conditions', options: ['Diabetes', 'Epilepsy', 'Heart condition', 'Asthma'] },
  { id: '64b00000000000000000000d', type: 'RadioList', title: 'Recent surgery?', options: ['Face', 'Body', 'Other'] },
  { id: '64b00000000000000000000e', type: 'Block', size: 50 },
  { id: '64b00000000000000000000f', type: 'SignatureField', title: 'Signature', isRequired: true },
]
