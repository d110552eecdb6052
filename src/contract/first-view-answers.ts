import { getPublicClinics } from './clinics.routes'
import { getPublicOrganisation } from './organisation.routes'

/**
 * The first view's API answers that the server puts into the app's page (issue 28): a
 * `<script type="application/json">` element of this id holding `{ [route path]: answer body }`, each
 * exactly as the route answers 200 for the page's tenant. The browser's transport takes each once.
 */
export const INLINE_ANSWERS_ELEMENT_ID = 'first-view-answers'

/** The routes whose answers the page carries: the organisation (header, banner) and the location list. */
export const INLINE_ANSWER_PATHS: readonly string[] = [getPublicOrganisation.path, getPublicClinics.path]
