import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { AvailabilityApi } from '../ports/availability.port'
import type { AppError } from '../failure'
import { serverMessageOrSomethingWentWrong } from '../errors'
import type { NextAvailable } from '../../contract/practitioners.routes'

/** POST /practitioners/next-available: each practitioner's earliest free start for the services at the clinic. */
@injectable()
export class GetNextAvailable {
  constructor(@inject(PORTS.AvailabilityApi) private readonly api: AvailabilityApi) {}
  async execute(input: { clinic: string; services: string[] }): Promise<E.Either<AppError, NextAvailable>> {
    const result = await this.api.nextAvailable({ clinic: input.clinic, services: input.services })
    return E.isLeft(result) ? E.left(serverMessageOrSomethingWentWrong(result.left)) : result
  }
}
