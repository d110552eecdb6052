import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import {
  ACCOUNT_TABS, AccountViewModel, MISSING_REQUIRED_FIELDS_TEXT, MISSING_REQUIRED_FIELDS_TITLE, UNSAVED_TEXT, UNSAVED_TITLE,
  type AccountTab,
} from '../../view-models/account.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { useViewModel } from '../../use-view-model'
import { AddToCalendarViewModel } from '../../view-models/add-to-calendar.view-model'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { Skeleton, Spinner } from '../../components/Spinner'
import { Tabs, type TabDefinition } from '../../components/Tabs'
import { AppointmentsTable } from '../../components/account/AppointmentsTable'
import { CoursesTable } from '../../components/account/CoursesTable'
import { PersonalDetailsForm } from '../../components/account/PersonalDetailsForm'
import { CardSetupDialog, CardsSection } from '../../components/account/CardsSection'
import { PasswordForm } from '../../components/account/PasswordForm'
import { MyDataSection } from '../../components/account/MyDataSection'
import { MyDataViewModel } from '../../view-models/my-data.view-model'
import { EraseAccountSection } from '../../components/account/EraseAccountSection'
import { EraseAccountViewModel } from '../../view-models/erase-account.view-model'
import { WaitlistTabViewModel } from '../../view-models/waitlist-tab.view-model'
import { WaitlistSection } from '../../components/account/WaitlistSection'
import { useAfterHydration } from '../../use-after-hydration'
import styles from './AccountPage.module.css'

const TABS: readonly TabDefinition<AccountTab | 'logout'>[] = ACCOUNT_TABS.map((t) => ({
  id: t.id,
  textValue: t.label,
  className: t.id === 'logout' ? styles.logout : undefined,
  label: t.short ? (
    <>
      <span className={styles.long}>{t.label}</span>
      <span className={styles.short}>{t.short}</span>
    </>
  ) : t.label,
}))

/** The selected tab's panel content. */
function TabContent({ tab, vm, calendar, myData, erase, waitlist }: { tab: AccountTab | 'logout'; vm: AccountViewModel; calendar: AddToCalendarViewModel; myData: MyDataViewModel; erase: EraseAccountViewModel; waitlist: WaitlistTabViewModel }) {
  switch (tab) {
    case 'appointments':
      return (
        <>
          <AppointmentsTable vm={vm.appointments} calendar={calendar} />
          <WaitlistSection vm={waitlist} />
        </>
      )
    case 'courses':
      return <CoursesTable vm={vm.courses} />
    case 'details':
      return (
        <>
          <PersonalDetailsForm vm={vm.details} />
          <hr className={styles.rule} />
          <CardsSection vm={vm.cards} />
          <hr className={styles.rule} />
          <MyDataSection vm={myData} />
          <hr className={styles.rule} />
          <EraseAccountSection vm={erase} />
        </>
      )
    case 'password':
      return <PasswordForm vm={vm.password} />
    case 'logout':
      return <Spinner label="Logging out" />
  }
}

/**
 * The page until the signed-in customer is known: its heading, and a skeleton where the greeting and
 * the tabs will be. The server renders it for every visitor of /app (issue 28: it cannot see the
 * token), so that the shell and heading paint before any script; the browser hydrates it, then shows
 * the customer's page (or sends a visitor home).
 */
function AccountLoading() {
  return (
    <div className={styles.page} aria-busy="true">
      <div className={styles.intro}>
        <h1 className={styles.title}>My account</h1>
        {/* The greeting's words without the name, unseen: its room as tall as the greeting will be (no shift). */}
        <p className={`${styles.subtitle} ${styles.placeholder}`} aria-hidden="true">Hi, manage your appointments, courses and details here.</p>
      </div>
      <div className={styles.panel}>
        <Skeleton label="Loading your account" />
      </div>
    </div>
  )
}

/** /app: the customer area (spec section 2). Signed-in customers only. */
const AccountPage = observer(function AccountPage() {
  const vm = useViewModel<AccountViewModel>(AccountViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const calendar = useViewModel<AddToCalendarViewModel>(AddToCalendarViewModel)
  const myData = useViewModel<MyDataViewModel>(MyDataViewModel)
  const erase = useViewModel<EraseAccountViewModel>(EraseAccountViewModel)
  const waitlist = useViewModel<WaitlistTabViewModel>(WaitlistTabViewModel)
  const [params] = useSearchParams()
  const query = params.toString()
  useEffect(() => {
    // In a task of its own: effects run in the task that mounts the page, the longest of its first view (issue 18: TBT).
    const entering = setTimeout(() => void vm.enter(new URLSearchParams(query)), 0)
    return () => clearTimeout(entering)
  }, [vm, query, session.userLoaded, session.authenticated])
  useEffect(() => {
    // The customer's waitlist (issue 32), after the account's own first view, in a task of its own.
    if (!session.authenticated) return
    const loading = setTimeout(() => void waitlist.load(), 0)
    return () => clearTimeout(loading)
  }, [waitlist, session.authenticated])
  // Hydrating the server's markup (its loading state) reads as the server rendered it; the customer's page right after.
  const ready = useAfterHydration(vm.ready, false)
  if (!ready) return <AccountLoading />
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.title}>My account</h1>
        <p className={styles.subtitle}>Hi {session.user?.firstName}, manage your appointments, courses and details here.</p>
      </div>
      <div className={styles.panel}>
        {/* Arrow keys only move the focus (Enter or Space chooses): with automatic activation, arrowing
            past Password, or End, or ArrowLeft from Appointments, chose 'Log out' and ended the session. */}
        <Tabs
          className={styles.tabs}
          tabListClassName={styles.tabList}
          tabClassName={styles.tab}
          panelClassName={styles.tabPanel}
          aria-label="My account"
          tabs={TABS}
          selectedKey={vm.tab}
          onSelectionChange={(key) => vm.selectTab(key)}
        >
          {(key) => <TabContent tab={key} vm={vm} calendar={calendar} myData={myData} erase={erase} waitlist={waitlist} />}
        </Tabs>
      </div>
      <AppDialog
        title={UNSAVED_TITLE}
        isOpen={vm.unsavedOpen}
        onClose={() => vm.stay()}
        actions={
          <>
            <Button variant="secondary" onClick={() => vm.discardAndLeave()}>Discard changes</Button>
            <Button onClick={() => void vm.saveAndLeave()}>Save</Button>
          </>
        }
      >
        <p>{UNSAVED_TEXT}</p>
      </AppDialog>
      <AppDialog
        title={MISSING_REQUIRED_FIELDS_TITLE}
        isOpen={vm.missingFieldsOpen}
        role="alertdialog"
        onClose={() => vm.closeMissingFields()}
        actions={<Button onClick={() => vm.closeMissingFields()}>Ok</Button>}
      >
        <p>{MISSING_REQUIRED_FIELDS_TEXT}</p>
      </AppDialog>
      <CardSetupDialog vm={vm.cards} />
    </div>
  )
})

export default AccountPage
