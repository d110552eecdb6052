import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../../application/tokens'
import { ADMIN_PORTS } from '../../application/admin.tokens'
import type { Clock } from '../../application/ports/clock.port'
import type { TokenStore } from '../../application/ports/token-store.port'
import { ListLocations } from '../../application/use-cases/catalogue.use-case'
import { LoadReport, StaffMe } from '../../application/use-cases/admin.use-case'
import type { Report } from '../../contract/reports.routes'
import type { StaffUser } from '../../contract/staff.routes'
import { reportCsv } from '../../domain/reports/report-csv'
import { checkReportRange, REPORT_RANGE_TEXT } from '../../domain/reports/report-range'
import { londonDateOf } from '../../domain/time'
import type { Exec } from './app-services'
import { enterAsStaff } from './staff-entry'

/** The first and last day of the London month of a yyyy-MM-dd date. */
export function monthOf(date: string): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { from: `${date.slice(0, 7)}-01`, to: `${date.slice(0, 7)}-${String(last).padStart(2, '0')}` }
}

/**
 * /staff/reports (issue 29): the owner's figures for a date range, per clinic and practitioner, as
 * `clinic admin report` gives them, with the same CSV to download. Admins only: a practitioner's
 * login is told so without asking; the server refuses it anyway (403).
 */
@injectable()
export class StaffReportsViewModel {
  signedIn = false
  staff?: StaffUser = undefined
  from = ''
  to = ''
  /** '' for every location */
  location = ''
  locations: { id: string; name: string }[] = []
  report?: Report = undefined
  loading = false
  error?: string = undefined

  constructor(
    @inject(LoadReport) private readonly loadReport: Exec<LoadReport>,
    @inject(StaffMe) private readonly me: Exec<StaffMe>,
    @inject(ListLocations) private readonly listLocations: Exec<ListLocations>,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
    @inject(PORTS.Clock) private readonly clock: Clock,
  ) {
    makeAutoObservable<StaffReportsViewModel, 'loadReport' | 'me' | 'listLocations' | 'tokens' | 'clock'>(this, { loadReport: false, me: false, listLocations: false, tokens: false, clock: false })
  }

  get isAdmin(): boolean {
    return this.staff?.role === 'admin'
  }

  /** The CSV of the report on screen (the CLI's --csv file). */
  get csv(): string | undefined {
    return this.report ? reportCsv(this.report) : undefined
  }

  get csvFileName(): string {
    return this.report ? `report-${this.report.from}-to-${this.report.to}.csv` : 'report.csv'
  }

  /** Opens the page on this London month, then reports it when the staff login is an admin's. */
  async enter(): Promise<void> {
    if (!this.from) Object.assign(this, monthOf(londonDateOf(this.clock.now())))
    this.signedIn = this.tokens.get() !== null
    if (!this.signedIn) return
    const [entry, locations] = await Promise.all([enterAsStaff(this.tokens, this.me), this.listLocations.execute()])
    runInAction(() => {
      if (E.isRight(locations)) this.locations = locations.right.clinics.map((c) => ({ id: c.id, name: c.name ?? c.accountName }))
      Object.assign(this, entry)
    })
    if (this.isAdmin) await this.load()
  }

  setFrom(value: string): void {
    this.from = value
    this.error = undefined
  }

  setTo(value: string): void {
    this.to = value
    this.error = undefined
  }

  async setLocation(value: string): Promise<void> {
    this.location = value
    await this.load()
  }

  async load(): Promise<void> {
    const range = checkReportRange(this.from, this.to)
    if (E.isLeft(range)) {
      this.error = REPORT_RANGE_TEXT[range.left._tag]
      return
    }
    this.loading = true
    this.error = undefined
    const result = await this.loadReport.execute({ from: this.from, to: this.to, ...(this.location ? { location: this.location } : {}) })
    runInAction(() => {
      this.loading = false
      if (E.isLeft(result)) {
        this.error = result.left.message
        this.signedIn = this.tokens.get() !== null
        return
      }
      this.report = result.right
    })
  }
}
