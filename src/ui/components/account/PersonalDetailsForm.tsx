import { observer } from 'mobx-react-lite'
import { useMemo, type FormEvent } from 'react'
import { phoneCountryOptions, type PersonalDetailsField, type PersonalDetailsViewModel } from '../../view-models/personal-details.view-model'
import type { CountryCode } from '../../../domain/validation/phone'
import { MARKETING_TYPES } from '../../../domain/constants/people'
import { SelectField, TextField } from '../Field'
import { Button } from '../Button'
import { Skeleton } from '../Spinner'
import styles from './account.module.css'

/** Personal details (spec section 5): required fields, phone per country, date of birth, country, marketing. */
export const PersonalDetailsForm = observer(function PersonalDetailsForm({ vm }: { vm: PersonalDetailsViewModel }) {
  const phoneCountries = useMemo(() => phoneCountryOptions(), [])
  if (!vm.loaded) return <Skeleton rows={6} />
  const text = (field: PersonalDetailsField, label: string, options: { required?: boolean; autoComplete?: string; type?: string; hint?: string; placeholder?: string } = {}) => (
    <TextField
      label={options.required ? `${label} *` : label}
      value={vm.form[field]}
      error={vm.errorFor(field)}
      required={options.required}
      autoComplete={options.autoComplete}
      type={options.type}
      hint={options.hint}
      placeholder={options.placeholder}
      onChange={(v) => vm.setField(field, v)}
    />
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.save()
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="details-title">
      <div className={styles.sectionHead}>
        <h2 id="details-title" className={styles.sectionTitle}>Personal details</h2>
        <p className={styles.muted}>Fields marked * are required</p>
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>About you</legend>
        <div className={styles.grid2}>
          <SelectField
            label="Title *"
            required
            value={vm.form.title}
            error={vm.errorFor('title')}
            onChange={(v) => vm.setField('title', v)}
            options={[{ value: '', label: 'Select' }, ...vm.titleOptions.map((t) => ({ value: t, label: t }))]}
          />
          <SelectField
            label="Gender *"
            required
            value={vm.form.gender}
            error={vm.errorFor('gender')}
            onChange={(v) => vm.setField('gender', v)}
            options={[{ value: '', label: 'Select' }, ...vm.genderOptions.map((g) => ({ value: g, label: g }))]}
          />
        </div>
        <div className={styles.grid2}>
          {text('firstName', 'First name', { required: true, autoComplete: 'given-name' })}
          {text('middleName', 'Middle name', { autoComplete: 'additional-name' })}
        </div>
        <div className={styles.grid2}>
          {text('surname', 'Surname', { required: true, autoComplete: 'family-name' })}
          {text('dateOfBirth', 'Date of birth', { required: true, autoComplete: 'bday', hint: 'dd/mm/yyyy', placeholder: 'dd/mm/yyyy' })}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Contact</legend>
        <div className={styles.readonly}>
          <span className={styles.readonlyLabel}>Email</span>
          <span>{vm.email}</span>
        </div>
        <div className={styles.phone}>
          <SelectField
            label="Phone country"
            value={vm.phoneCountry}
            onChange={(v) => vm.setPhoneCountry(v as CountryCode)}
            options={phoneCountries.map((c) => ({ value: c.code, label: c.label }))}
          />
          {text('mobilePhone', 'Mobile phone', { required: true, autoComplete: 'tel-national', type: 'tel'})}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Address</legend>
        <div className={styles.grid2}>
          {text('address1', 'Address line 1', { required: true, autoComplete: 'address-line1' })}
          {text('address2', 'Address line 2', { autoComplete: 'address-line2' })}
        </div>
        <div className={styles.grid2}>
          {text('city', 'City', { required: true, autoComplete: 'address-level2' })}
          {text('county', 'County', { autoComplete: 'address-level1' })}
        </div>
        <div className={styles.grid2}>
          {text('postCode', 'Postcode', { required: true, autoComplete: 'postal-code' })}
          <SelectField
            label="Country *"
            required
            value={vm.form.country}
            error={vm.errorFor('country')}
            onChange={(v) => vm.setField('country', v)}
            options={vm.countries.map((c) => ({ value: c.value, label: c.label }))}
          />
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Marketing preferences</legend>
        <p className={styles.muted}>How may we send you news and offers?</p>
        <div className={styles.checks}>
          {MARKETING_TYPES.map((type) => (
            <label key={type} className={styles.check}>
              <input
                type="checkbox"
                checked={vm.form.marketingTypes.includes(type)}
                onChange={(e) => vm.toggleMarketing(type, e.target.checked)}
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.formActions}>
        <Button type="submit" disabled={vm.saving}>{vm.saving ? 'Saving…' : 'Save changes'}</Button>
        {vm.error ? <p className={styles.alert} role="alert">{vm.error}</p> : null}
      </div>
    </form>
  )
})
