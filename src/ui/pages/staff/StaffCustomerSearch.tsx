import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { Link } from 'react-router-dom'
import type { CustomerSummary } from '../../../contract/admin.routes'
import { Button as AriaButton, Input, Label, SearchField } from 'react-aria-components'
import { Button } from '../../components/Button'
import type { StaffCustomersViewModel } from '../../view-models/staff-customers.view-model'
import styles from './StaffDesk.module.css'

/**
 * Find a customer by name, email or phone (a phone call at the desk): name, email and phone of each
 * match, a link to their record, and (booking at the desk) a button that chooses them.
 */
export const StaffCustomerSearch = observer(function StaffCustomerSearch({ vm, onChoose }: { vm: StaffCustomersViewModel; onChoose?: (customer: CustomerSummary) => void }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.search()
  }
  return (
    <section className={styles.search} aria-labelledby="staff-customers-title">
      <h2 id="staff-customers-title" className={styles.columnTitle}>Find a customer</h2>
      <form className={styles.searchRow} onSubmit={submit} role="search" aria-label="Customers">
        <SearchField className={styles.field} value={vm.query} onChange={(v) => vm.setQuery(v)} onClear={() => vm.clear()}>
          <Label className={styles.label}>Name, email or phone</Label>
          <div className={styles.group}>
            <Input className={styles.searchInput} />
            {vm.query ? <AriaButton className={styles.calendarButton} aria-label="Clear the search">×</AriaButton> : null}
          </div>
        </SearchField>
        <Button type="submit" busy={vm.searching}>Search</Button>
      </form>
      {vm.error ? <p className={styles.error} role="alert">{vm.error}</p> : null}
      <p className={styles.hint} role="status">{vm.searching ? 'Searching…' : (vm.summary ?? '')}</p>
      {vm.results.length > 0 ? (
        <ul className={styles.results} aria-label="Matching customers">
          {vm.results.map((c) => (
            <li key={c.id}>
              <span className={styles.customer}>{c.firstName} {c.surname}</span>
              {' · '}<a href={`mailto:${c.email}`}>{c.email}</a>
              {c.mobilePhone ? <>{' · '}<a href={`tel:${c.mobilePhone}`}>{c.mobilePhone}</a></> : null}
              {' · '}<Link to={`/staff/customers/${c.id}`} aria-label={`Record of ${c.firstName} ${c.surname}`}>Record</Link>
              {onChoose ? <>{' '}<Button variant="secondary" onClick={() => onChoose(c)} aria-label={`Book for ${c.firstName} ${c.surname}`}>Book for them</Button></> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
})
