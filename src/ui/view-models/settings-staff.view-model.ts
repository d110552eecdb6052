/**
 * /staff/settings: staff logins and their roles (issue 29). Staff logins are not part of the set-up
 * document, so this section uses the staff routes `clinic admin staff` uses (POST and GET /admin/staff):
 * a new login comes back with its one-time set-password link, which the owner passes on, as the CLI
 * prints it.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import * as E from 'fp-ts/Either'
import type { AddStaff, ListStaff } from '../../application/use-cases/admin.use-case'
import type { StaffRole, StaffUser } from '../../contract/staff.routes'
import type { Exec } from './app-services'
import type { SettingsSession } from './settings-session.view-model'

const emptyForm = () => ({ email: '', displayName: '', role: 'practitioner' as StaffRole, practitioner: '' })
export type StaffLoginForm = ReturnType<typeof emptyForm>

export class StaffLoginsViewModel {
  logins: StaffUser[] = []
  form: StaffLoginForm = emptyForm()
  /** the last login added and its one-time set-password link */
  created?: { email: string; setPasswordUrl: string } = undefined
  adding = false

  constructor(
    readonly session: SettingsSession,
    private readonly addStaff: Exec<AddStaff>,
    private readonly listStaff: Exec<ListStaff>,
  ) {
    makeAutoObservable<StaffLoginsViewModel, 'addStaff' | 'listStaff'>(this, { session: false, addStaff: false, listStaff: false })
  }

  async load(): Promise<void> {
    const all = await this.listStaff.execute()
    runInAction(() => {
      if (E.isLeft(all)) this.session.refuse(all.left.message)
      else this.logins = all.right
    })
  }

  set<K extends keyof StaffLoginForm>(key: K, value: StaffLoginForm[K]): void {
    this.form[key] = value
  }

  async add(): Promise<void> {
    const f = this.form
    this.adding = true
    this.session.clearMessages()
    this.created = undefined
    const result = await this.addStaff.execute({ email: f.email.trim(), displayName: f.displayName.trim(), role: f.role, ...(f.practitioner ? { practitioner: f.practitioner } : {}) })
    runInAction(() => {
      this.adding = false
      if (E.isLeft(result)) return this.session.refuse(result.left.message)
      this.created = { email: result.right.staff.email, setPasswordUrl: result.right.setPasswordUrl }
      this.session.notice = `Staff login added for ${result.right.staff.email} (${result.right.staff.role}).`
      this.form = emptyForm()
    })
    if (E.isRight(result)) await this.load()
  }
}
