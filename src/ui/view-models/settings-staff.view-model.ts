/**
 * /staff/settings: staff logins and their roles (issue 29). Staff logins are not part of the set-up
 * document, so this section uses the staff routes `clinic admin staff` uses (/admin/staff): a new
 * login comes back with its one-time set-password link, which the owner passes on, as the CLI prints
 * it; a login's role changes at once, and a removed login (asked first) can no longer sign in.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import * as E from 'fp-ts/Either'
import type { AddStaff, ChangeStaff, ListStaff, RemoveStaff } from '../../application/use-cases/admin.use-case'
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
  /** the login whose removal waits for the admin's answer */
  removing?: StaffUser = undefined

  constructor(
    readonly session: SettingsSession,
    private readonly addStaff: Exec<AddStaff>,
    private readonly listStaff: Exec<ListStaff>,
    private readonly changeStaff: Exec<ChangeStaff>,
    private readonly removeStaff: Exec<RemoveStaff>,
  ) {
    makeAutoObservable<StaffLoginsViewModel, 'addStaff' | 'listStaff' | 'changeStaff' | 'removeStaff'>(this, { session: false, addStaff: false, listStaff: false, changeStaff: false, removeStaff: false })
  }

  /** The signed-in admin's own login: the server refuses its removal, so the page offers none. */
  isOwn(login: StaffUser): boolean {
    return login.id === this.session.staff?.id
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

  async setRole(login: StaffUser, role: StaffRole): Promise<void> {
    if (login.role === role) return
    this.session.clearMessages()
    const result = await this.changeStaff.execute(login.id, { role })
    runInAction(() => {
      if (E.isLeft(result)) return this.session.refuse(result.left.message)
      this.session.notice = `${result.right.displayName} is now ${result.right.role === 'admin' ? 'an admin' : 'a practitioner'}.`
    })
    // Also after a refusal: the list shows the role the server kept.
    await this.load()
  }

  askRemove(login: StaffUser): void {
    this.removing = login
  }

  keep(): void {
    this.removing = undefined
  }

  async confirmRemove(): Promise<void> {
    const login = this.removing
    if (!login) return
    this.removing = undefined
    this.session.clearMessages()
    const result = await this.removeStaff.execute(login.id)
    runInAction(() => {
      if (E.isLeft(result)) return this.session.refuse(result.left.message)
      this.session.notice = `Removed the staff login of ${result.right.displayName} (${result.right.email}).`
    })
    if (E.isRight(result)) await this.load()
  }
}
