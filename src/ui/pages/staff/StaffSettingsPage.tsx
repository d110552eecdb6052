import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { I18nProvider } from 'react-aria-components'
import { useViewModel } from '../../use-view-model'
import { Tabs, type TabDefinition } from '../../components/Tabs'
import { TextField } from '../../components/Field'
import { Button } from '../../components/Button'
import { StaffSettingsViewModel, type SettingsSection } from '../../view-models/staff-settings.view-model'
import type { EmbedSettingsViewModel, OrganisationSettingsViewModel } from '../../view-models/settings-organisation.view-model'
import { ClinicForm, PractitionerForm, ServiceForm } from './StaffSettingsForms'
import { CategoryForm, CourseForm } from './StaffSettingsCatalogue'
import { StaffLoginsForm } from './StaffSettingsStaff'
import { Check, SettingsForm } from './StaffSettingsParts'
import { ArchiveDialog } from './StaffSettingsAdd'
import { StaffSelect } from './StaffControls'
import { DEPOSIT_TYPES } from '../../../domain/pricing/deposit'
import desk from './StaffDesk.module.css'
import styles from './StaffSettings.module.css'

const TABS: readonly TabDefinition<SettingsSection>[] = [
  { id: 'organisation', label: 'Organisation', textValue: 'Organisation' },
  { id: 'clinics', label: 'Clinics', textValue: 'Clinics' },
  { id: 'categories', label: 'Categories', textValue: 'Categories' },
  { id: 'services', label: 'Services', textValue: 'Services' },
  { id: 'courses', label: 'Courses', textValue: 'Courses' },
  { id: 'practitioners', label: 'Practitioners', textValue: 'Practitioners' },
  { id: 'staff', label: 'Staff logins', textValue: 'Staff logins' },
  { id: 'embed', label: 'Embed hosts', textValue: 'Embed hosts' },
]

const OrganisationForm = observer(function OrganisationForm({ vm }: { vm: OrganisationSettingsViewModel }) {
  const o = vm.form
  return (
    <SettingsForm title="Organisation" session={vm.session} onSave={() => vm.save()}>
      <TextField label="Name" required value={o.name} onChange={(v) => vm.set('name', v)} />
      <Check selected={o.showHomeBannerText} onChange={(v) => vm.set('showHomeBannerText', v)}>Show the banner text</Check>
      <TextField label="Banner text (HTML)" multiline rows={3} value={o.homeBannerText} onChange={(v) => vm.set('homeBannerText', v)} />
      <TextField label="Terms and conditions (HTML)" multiline rows={5} value={o.termsAndConditionsText} onChange={(v) => vm.set('termsAndConditionsText', v)} />
      <TextField label="Thank-you text (HTML)" multiline rows={3} value={o.thankYouText} onChange={(v) => vm.set('thankYouText', v)} />
      <div className={styles.pair}>
        <TextField label="Late cancellation period (hours)" value={o.lateCancellationPeriod} onChange={(v) => vm.set('lateCancellationPeriod', v)} />
        <TextField label="Late cancellation charge" value={o.lateCancellationChargeValue} onChange={(v) => vm.set('lateCancellationChargeValue', v)} />
        <TextField label="Cancellation rules" hint="allow, do-not-allow or other" value={o.cancellationRules} onChange={(v) => vm.set('cancellationRules', v)} />
        <StaffSelect label="Booking deposit" value={o.bookingDepositType} options={DEPOSIT_TYPES.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }))} onChange={(v) => vm.set('bookingDepositType', v as (typeof DEPOSIT_TYPES)[number])} />
        <TextField label={o.bookingDepositType === 'percentage' ? 'Booking deposit (%)' : 'Booking deposit amount'} value={o.bookingDepositAmount} onChange={(v) => vm.set('bookingDepositAmount', v)} />
      </div>
      <Check selected={o.sellGiftVoucherOnline} onChange={(v) => vm.set('sellGiftVoucherOnline', v)}>Sell gift vouchers online</Check>
      <TextField label="Gift voucher values" hint="Amounts separated by commas, such as 50, 100, 150" value={o.giftVoucherValues} onChange={(v) => vm.set('giftVoucherValues', v)} />
    </SettingsForm>
  )
})

const EmbedForm = observer(function EmbedForm({ vm }: { vm: EmbedSettingsViewModel }) {
  return (
    <SettingsForm title="Embed hosts" session={vm.session} onSave={() => vm.save()}>
      <TextField
        label="Sites that may embed the booking pages and the lead form"
        hint="One origin a line, such as https://www.example-clinic.com"
        multiline
        rows={4}
        value={vm.hosts}
        onChange={(v) => vm.set(v)}
      />
    </SettingsForm>
  )
})

function Section({ vm, section }: { vm: StaffSettingsViewModel; section: SettingsSection }) {
  switch (section) {
    case 'organisation':
      return <OrganisationForm vm={vm.organisation} />
    case 'clinics':
      return <ClinicForm vm={vm.clinics} />
    case 'categories':
      return <CategoryForm vm={vm.categories} />
    case 'services':
      return <ServiceForm vm={vm.services} />
    case 'courses':
      return <CourseForm vm={vm.courses} />
    case 'practitioners':
      return <PractitionerForm vm={vm.practitioners} />
    case 'staff':
      return <StaffLoginsForm vm={vm.staff} />
    case 'embed':
      return <EmbedForm vm={vm.embed} />
  }
}

/**
 * /staff/settings (issue 29): the owner's set-up in the browser, admins only. Every save goes through
 * the same plan and apply as `clinic admin apply`; a refusal shows the checks' lines.
 */
const StaffSettingsPage = observer(function StaffSettingsPage() {
  const vm = useViewModel<StaffSettingsViewModel>(StaffSettingsViewModel)
  const session = vm.session
  useEffect(() => {
    void vm.enter()
  }, [vm])
  if (!session.signedIn) {
    return <div className={desk.page}><section className={desk.card}><h1 className={desk.title}>Settings</h1><p>Sign in as staff first: <Link to="/staff">staff sign-in</Link>.</p></section></div>
  }
  if (session.staff && !session.isAdmin) {
    return <div className={desk.page}><section className={desk.card}><h1 className={desk.title}>Settings</h1><p>Settings are for admins only.</p><p><Link to="/staff">Back to the day bookings</Link></p></section></div>
  }
  return (
    <I18nProvider locale="en-GB">
      <div className={desk.page}>
        <header className={desk.bar}>
          <div>
            <h1 className={desk.title}>Settings</h1>
            {session.staff ? <p className={desk.who}>Signed in as {session.staff.displayName} ({session.staff.role})</p> : null}
          </div>
          <div className={desk.bar}>
            <Link to="/staff">Day bookings</Link>
            <Link to="/staff/reports">Reports</Link>
            <Link to="/staff/integrations">Integrations</Link>
          </div>
        </header>
        {session.error ? (
          <div role="alert">
            <p className={desk.error}>{session.error}</p>
            {session.changedElsewhere ? <Button variant="secondary" onClick={() => void session.reload()}>Reload the settings</Button> : null}
          </div>
        ) : null}
        {session.errors.length > 0 ? (
          <div role="alert">
            <p className={desk.error}>Not saved:</p>
            <ul className={styles.errors}>{session.errors.map((e) => <li key={e}>{e}</li>)}</ul>
          </div>
        ) : null}
        <p className={desk.notice} role="status">{session.loading ? 'Loading…' : (session.notice ?? '')}</p>
        {session.document ? (
          <Tabs tabs={TABS} selectedKey={vm.section} onSelectionChange={(k) => vm.setSection(k)} aria-label="Settings" tabListClassName={styles.tabs} tabClassName={styles.tab} panelClassName={styles.panel}>
            {(key) => <Section vm={vm} section={key} />}
          </Tabs>
        ) : null}
        <ArchiveDialog session={session} />
      </div>
    </I18nProvider>
  )
})

export default StaffSettingsPage
