import * as t from 'io-ts'
import { entity, FiniteNumber, IsoDateTime, literals, ObjectId } from './codecs'

/** Spec section 3: widget types, capitalised and lowercase forms. */
export const WIDGET_TYPES = [
  'Title', 'Paragraph', 'Text', 'Checkbox', 'Radio', 'AutoComplete', 'RadioAutoComplete', 'RadioText', 'List',
  'RadioList', 'TextArea', 'Block', 'Image', 'SignatureField', 'Select',
  'paragraph', 'image', 'autocomplete', 'select', 'checkbox', 'radio', 'title', 'text', 'textarea', 'block', 'list',
  'radio-text', 'radio-list', 'radio-autocomplete', 'signature',
] as const
export const WidgetType = literals(WIDGET_TYPES, 'WidgetType')
export type WidgetType = t.TypeOf<typeof WidgetType>

export const UserFormType = literals(['consent', 'general', 'medical', 'aftercare'], 'UserFormType')
export type UserFormType = t.TypeOf<typeof UserFormType>

/** Image sizes: Small 75 px, Medium 200 px (default), Big full width. */
export const ImageSize = literals(['Small', 'Medium', 'Big'], 'ImageSize')
export const Alignment = literals(['Left', 'Center', 'Right'], 'Alignment')

/** How a medical-history text or selection is shown (mhText, mhSelection, mhPositiveSelection). */
export const MhDisplay = entity('MhDisplay', {}, { showAs: t.string, customValue: t.string })
export type MhDisplay = t.TypeOf<typeof MhDisplay>

/** A choice option: a plain string, or a list entry {value, info}. */
export const FormOption = t.union([t.string, entity('FormOptionEntry', { value: t.string }, { info: t.string, label: t.string })], 'FormOption')
export type FormOption = t.TypeOf<typeof FormOption>

/** Medical-history entry. */
export const MedicalHistoryEntry = entity('MedicalHistoryEntry', { type: t.string, label: t.string }, {
  section: t.string,
  isRemoval: t.boolean,
})
export type MedicalHistoryEntry = t.TypeOf<typeof MedicalHistoryEntry>

/** A form widget (spec section 3). `value` is the widget's answer or default: any JSON value. */
export const FormField = entity('FormField', { id: t.string, type: WidgetType }, {
  title: t.string,
  isRequired: t.boolean,
  group: t.string,
  value: t.unknown,
  options: t.array(FormOption),
  multiple: t.boolean,
  autocompleteSearch: t.boolean,
  useDrugList: t.boolean,
  labelAfter: t.string,
  limitTags: FiniteNumber,
  isVisible: literals(['t', 'f']),
  hasDefaultValue: t.boolean,
  isSubFieldRequired: t.boolean,
  textTitle: t.string,
  content: t.string,
  /** Block height (default 50) */
  size: FiniteNumber,
  src: t.string,
  alignment: Alignment,
  image_size: ImageSize,
  mhText: MhDisplay,
  mhSelection: MhDisplay,
  mhPositiveSelection: MhDisplay,
  additionalInfo: t.string,
})
export type FormField = t.TypeOf<typeof FormField>

export const FormModel = entity('FormModel', { name: t.string, fields: t.array(FormField) }, {
  id: ObjectId,
  description: t.string,
  tag: t.string,
  isForAllTreatments: t.boolean,
  /** consent text (consent forms) */
  consent: t.string,
  /** who fills it in, e.g. ['client'] */
  isFor: t.array(t.string),
})
export type FormModel = t.TypeOf<typeof FormModel>

export const FormCustomer = entity('FormCustomer', { id: ObjectId, firstName: t.string, surname: t.string }, {
  dateOfBirth: IsoDateTime,
})
export type FormCustomer = t.TypeOf<typeof FormCustomer>

/** A form sent to a customer (spec section 3: User form). */
export const UserForm = entity('UserForm', {
  id: ObjectId,
  type: UserFormType,
  isSigned: t.boolean,
  isUpdated: t.boolean,
  model: FormModel,
  customer: FormCustomer,
}, {
  /** answers given so far: widget id to answer */
  data: t.record(t.string, t.unknown),
  /** signature image data URL once signed */
  signature: t.string,
  updatedAt: IsoDateTime,
})
export type UserForm = t.TypeOf<typeof UserForm>
