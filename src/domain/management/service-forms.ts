/**
 * Service forms (spec §5 "Service forms: 'Missing option on Forms to Email', 'Missing Treatment
 * Form'"). When a service is set to email forms, at least one form must be chosen; when it requires a
 * treatment form, one must be chosen.
 */
import * as E from 'fp-ts/Either'

export interface ServiceFormsSettings {
  sendFormsByEmail?: boolean | null
  formsToEmail?: readonly string[] | null
  requiresTreatmentForm?: boolean | null
  treatmentFormId?: string | null
}

export type ServiceFormsError = { _tag: 'MissingFormsToEmail'; message: 'Missing option on Forms to Email' } | { _tag: 'MissingTreatmentForm'; message: 'Missing Treatment Form' }

export function validateServiceForms(settings: ServiceFormsSettings): E.Either<ServiceFormsError, ServiceFormsSettings> {
  if (settings.sendFormsByEmail && !(settings.formsToEmail ?? []).some((f) => f.trim() !== '')) {
    return E.left({ _tag: 'MissingFormsToEmail', message: 'Missing option on Forms to Email' })
  }
  if (settings.requiresTreatmentForm && !settings.treatmentFormId?.trim()) {
    return E.left({ _tag: 'MissingTreatmentForm', message: 'Missing Treatment Form' })
  }
  return E.right(settings)
}
