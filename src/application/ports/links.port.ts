import type { Links } from '../../contract/links.routes'
import type { ApiResult } from './api-result'

/** Links to the other apps and the live socket URL. */
export interface LinksApi {
  links(): ApiResult<Links>
}
