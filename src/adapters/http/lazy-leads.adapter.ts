import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../../application/inject'
import { PORTS } from '../../application/tokens'
import type { LeadsApi } from '../../application/ports/leads.port'
import type { ApiResult } from '../../application/ports/api-result'
import type { Lead, LeadBody } from '../../contract/leads.routes'
import type { HttpTransport } from './transport'

/**
 * The /lead page's leads adapter: HttpLeadsApi (the contract's codecs and the API client, ~9 KB gzip)
 * is imported with the first lead sent, not before the form can be used (issue 28: /lead's bytes
 * before Submit). A chunk that cannot be loaded (offline) is the network's failure, Unreachable, and
 * is tried again with the next call.
 */
@injectable()
export class LazyHttpLeadsApi implements LeadsApi {
  private adapter: Promise<LeadsApi> | undefined

  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}

  async create(body: LeadBody): ApiResult<Lead> {
    this.adapter ??= import('./forms.adapter').then(({ HttpLeadsApi }) => new HttpLeadsApi(this.http))
    let adapter: LeadsApi
    try {
      adapter = await this.adapter
    } catch (error) {
      this.adapter = undefined
      return E.left({ _tag: 'Unreachable', message: error instanceof Error ? error.message : String(error) })
    }
    return adapter.create(body)
  }
}
