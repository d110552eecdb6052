import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { FindCustomers } from '../../application/use-cases/admin.use-case'
import type { CustomerSummary } from '../../contract/admin.routes'
import type { Exec } from './app-services'


/** The staff desk's customer search (/staff): by name, email or phone, as `clinic admin customer find`. */
@injectable()
export class StaffCustomersViewModel {
  query = ''
  results: CustomerSummary[] = []
  /** the query the results answer (undefined before the first search) */
  searched?: string = undefined
  searching = false
  error?: string = undefined

  constructor(@inject(FindCustomers) private readonly find: Exec<FindCustomers>) {
    makeAutoObservable<StaffCustomersViewModel, 'find'>(this, { find: false })
  }

  setQuery(value: string): void {
    this.query = value
    this.error = undefined
  }

  get summary(): string | undefined {
    if (this.searched === undefined || this.searching) return undefined
    const n = this.results.length
    return n === 0 ? `No customer matches '${this.searched}'.` : `${n} customer${n === 1 ? '' : 's'} match '${this.searched}'.`
  }

  async search(): Promise<void> {
    const q = this.query.trim()
    if (q.length < 2) {
      this.error = 'Enter at least two characters of a name, email or phone.'
      return
    }
    this.searching = true
    this.error = undefined
    const result = await this.find.execute(q)
    runInAction(() => {
      this.searching = false
      if (E.isLeft(result)) {
        this.error = result.left.message
        return
      }
      this.results = result.right
      this.searched = q
    })
  }

  clear(): void {
    this.query = ''
    this.results = []
    this.searched = undefined
    this.error = undefined
  }
}
