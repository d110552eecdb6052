/**
 * /staff/settings (issue 29): the owner's set-up in the browser. Each section has its own view model
 * (organisation, clinics, categories, services, courses, practitioners, embed hosts); they share one
 * SettingsSession: the document and its version, and the one save, which reads the current document,
 * makes one change (src/application/setup/setup-edits.ts) and applies it through the same engine as
 * `clinic admin apply` (SaveSetup). Admins only: the server refuses anyone else (403).
 */
import { makeAutoObservable } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import { ADMIN_PORTS } from '../../application/admin.tokens'
import type { TokenStore } from '../../application/ports/token-store.port'
import { AddStaff, ChangeStaff, ExportSetup, ListStaff, RemoveStaff, StaffMe } from '../../application/use-cases/admin.use-case'
import { SaveSetup } from '../../application/use-cases/save-setup.use-case'
import type { Exec } from './app-services'
import { CategorySettingsViewModel, CourseSettingsViewModel } from './settings-catalogue.view-model'
import { ClinicSettingsViewModel } from './settings-clinics.view-model'
import { EmbedSettingsViewModel, OrganisationSettingsViewModel } from './settings-organisation.view-model'
import { PractitionerSettingsViewModel } from './settings-practitioners.view-model'
import { ServiceSettingsViewModel } from './settings-services.view-model'
import { SettingsSession } from './settings-session.view-model'
import { StaffLoginsViewModel } from './settings-staff.view-model'

export { numberOf, savedText } from './settings-session.view-model'

export const SETTINGS_SECTIONS = ['organisation', 'clinics', 'categories', 'services', 'courses', 'practitioners', 'staff', 'embed'] as const
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]

@injectable()
export class StaffSettingsViewModel {
  section: SettingsSection = 'organisation'
  readonly session: SettingsSession
  readonly organisation: OrganisationSettingsViewModel
  readonly clinics: ClinicSettingsViewModel
  readonly categories: CategorySettingsViewModel
  readonly services: ServiceSettingsViewModel
  readonly courses: CourseSettingsViewModel
  readonly practitioners: PractitionerSettingsViewModel
  readonly embed: EmbedSettingsViewModel
  readonly staff: StaffLoginsViewModel

  constructor(
    @inject(ExportSetup) exportSetup: Exec<ExportSetup>,
    @inject(SaveSetup) saveSetup: Exec<SaveSetup>,
    @inject(StaffMe) me: Exec<StaffMe>,
    @inject(ADMIN_PORTS.StaffTokenStore) tokens: TokenStore,
    @inject(AddStaff) addStaff: Exec<AddStaff>,
    @inject(ListStaff) listStaff: Exec<ListStaff>,
    @inject(ChangeStaff) changeStaff: Exec<ChangeStaff>,
    @inject(RemoveStaff) removeStaff: Exec<RemoveStaff>,
  ) {
    this.session = new SettingsSession(exportSetup, saveSetup, me, tokens)
    this.organisation = new OrganisationSettingsViewModel(this.session)
    this.clinics = new ClinicSettingsViewModel(this.session)
    this.categories = new CategorySettingsViewModel(this.session)
    this.services = new ServiceSettingsViewModel(this.session)
    this.courses = new CourseSettingsViewModel(this.session)
    this.practitioners = new PractitionerSettingsViewModel(this.session)
    this.embed = new EmbedSettingsViewModel(this.session)
    this.staff = new StaffLoginsViewModel(this.session, addStaff, listStaff, changeStaff, removeStaff)
    makeAutoObservable(this, { session: false, organisation: false, clinics: false, categories: false, services: false, courses: false, practitioners: false, embed: false, staff: false })
  }

  enter(): Promise<void> {
    return this.session.enter()
  }

  setSection(section: SettingsSection): void {
    this.section = section
    this.session.clearMessages()
    if (section === 'staff') void this.staff.load()
  }
}
