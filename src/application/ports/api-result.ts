import type * as E from 'fp-ts/Either'
import type { ApiFailure } from '../failure'

/** What every API port method returns: the decoded body, or why the call failed. */
export type ApiResult<T> = Promise<E.Either<ApiFailure, T>>
