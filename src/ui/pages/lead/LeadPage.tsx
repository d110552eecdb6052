import { observer } from 'mobx-react-lite'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { GENDERS, REFERRAL_SOURCES, TITLES } from '../../../domain/constants/people'
import { leadDialCode, type LeadField } from '../../../domain/validation/lead-query'
import { useViewModel } from '../../use-view-model'
import { useAfterHydration } from '../../use-after-hydration'
import { type LeadCountry, LeadViewModel } from '../../view-models/lead.view-model'
import { LEGAL_LINKS } from '../../layout/legal-links'
import styles from './LeadPage.module.css'
import { LEAD_FIELD_ATTRIBUTE } from './lead-typed-values'

/** Marks what an element edits, for the values typed before hydration (lead-typed-values.ts). */
const edits = (field: string) => ({ [LEAD_FIELD_ATTRIBUTE]: field })

const LABELS: Record<Exclude<LeadField, 'interested'>, string> = {
  title: 'Title',
  firstName: 'First name',
  surname: 'Surname',
  email: 'Email',
  gender: 'Gender',
  dateOfBirth: 'Date of birth',
  mobilePhone: 'Mobile phone',
  referralSource: 'How did you hear about us?',
}

/** Sanitised HTML from the query (DOMPurify loads only when there is markup to clean). */
function SafeHtml({ html, className }: { html: string; className?: string }) {
  const hasMarkup = /[<&]/.test(html)
  const [clean, setClean] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (!hasMarkup) return
    let live = true
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (!live) return
      // images from the query without a text alternative are decorative
      DOMPurify.removeHook('afterSanitizeAttributes')
      DOMPurify.addHook('afterSanitizeAttributes', (node) => {
        if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '')
      })
      setClean(DOMPurify.sanitize(html, { ADD_ATTR: ['target'] }))
    })
    return () => {
      live = false
    }
  }, [html, hasMarkup])
  if (!hasMarkup) return <div className={className}>{html}</div>
  return clean === undefined ? null : <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />
}

/**
 * /lead: the embeddable enquiry form (spec sections 2, 4, 5, 8, 9). It is its own page (lead.html,
 * src/lead.main.tsx) without the router: `search` is the page's query string.
 */
const LeadPage = observer(function LeadPage({ search = window.location.search, onHydrated }: {
  search?: string
  /** Called after the first commit: the hydration of the server's markup where there was one (lead.main.tsx). */
  onHydrated?: () => void
}) {
  const vm = useViewModel<LeadViewModel>(LeadViewModel)
  const rootRef = useRef<HTMLDivElement | null>(null)
  // The server's markup has the Submit button disabled until React has attached to it: a form with no
  // action would otherwise be posted natively to the page itself (Enter in a field, or a tap).
  const hydrating = useAfterHydration(false, true)
  useEffect(() => vm.configure(search), [vm, search])
  useEffect(() => onHydrated?.(), [onHydrated])

  // page colours and the named font
  const { backgroundColour, textColour, buttonColour, buttonTextColour, font } = vm.config
  useEffect(() => {
    const previous = document.body.style.background
    document.body.style.background = backgroundColour
    return () => {
      document.body.style.background = previous
    }
  }, [backgroundColour])
  const stylesheet = vm.fontStylesheet
  useEffect(() => {
    if (!stylesheet) return
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = stylesheet
    document.head.appendChild(link)
    return () => link.remove()
  }, [stylesheet])

  // every size change goes to the parent
  useEffect(() => {
    const root = rootRef.current
    if (!root || typeof ResizeObserver === 'undefined') return
    const report = () => vm.reportHeight(root.getBoundingClientRect().bottom + window.scrollY)
    const observer = new ResizeObserver(report)
    observer.observe(root)
    report()
    return () => observer.disconnect()
  }, [vm])

  const style = {
    '--lead-text': textColour,
    '--lead-bg': backgroundColour,
    // the named font, then the system stack while it loads (or when it is unknown)
    '--lead-font': `${font}, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`,
    ...(buttonColour ? { '--lead-button': buttonColour } : {}),
    ...(buttonTextColour ? { '--lead-button-text': buttonTextColour } : {}),
  } as React.CSSProperties

  return (
    <div ref={rootRef} className={styles.page} style={style}>
      <main id="main">
        {vm.status === 'done' ? (
          <div role="status"><SafeHtml className={`${styles.thanks} ${styles.html}`} html={vm.thankYouHtml} /></div>
        ) : (
          <form
            className={styles.form}
            noValidate
            // The form's checks load once the visitor starts on it (not before Submit can be used).
            onFocus={() => vm.prepare()}
            onSubmit={(e) => {
              e.preventDefault()
              const form = e.currentTarget
              void vm.submit().then(() => {
                // the first field with a message takes the focus (its message is read with it)
                if (vm.hasErrors) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
              })
            }}
          >
            <h1 className={styles.heading}>{vm.config.title}</h1>
            <div className={styles.grid}>
              {vm.config.fields.map((field) => <LeadInput key={field} vm={vm} field={field} />)}
              {vm.config.messageTitle !== undefined ? (
                <TextInput vm={vm} label={vm.config.messageTitle} wide>
                  {(id) => <textarea id={id} {...edits('message')} className={styles.textarea} rows={4} value={vm.text('message')} onChange={(e) => vm.setField('message', e.target.value)} />}
                </TextInput>
              ) : null}
            </div>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{vm.config.contactTitle}</legend>
              <div className={styles.checks}>
                <label className={styles.check}>
                  <input type="checkbox" {...edits('contactBySms')} checked={vm.values.contactBySms === true} onChange={(e) => vm.setContact('SMS', e.target.checked)} /> SMS
                </label>
                <label className={styles.check}>
                  <input type="checkbox" {...edits('contactByEmail')} checked={vm.values.contactByEmail === true} onChange={(e) => vm.setContact('Email', e.target.checked)} /> Email
                </label>
              </div>
              {vm.marketingHtml ? <SafeHtml className={styles.html} html={vm.marketingHtml} /> : null}
            </fieldset>
            {vm.footerHtml ? <SafeHtml className={styles.html} html={vm.footerHtml} /> : null}
            <button type="submit" className={styles.submit} disabled={hydrating || !vm.canSubmit}>
              {vm.status === 'submitting' ? 'Sending…' : 'Submit'}
            </button>
          </form>
        )}
      </main>
      <LeadFooter />
    </div>
  )
})

/**
 * The footer every page has (the booking pages' Privacy and Accessibility), below the form and inside
 * the height the parent frame follows, shown when embedded as the booking embed shows it. The page has
 * no router, and leaving it would lose what was typed: the links open in a new tab.
 */
function LeadFooter() {
  return (
    <footer className={styles.legal}>
      {LEGAL_LINKS.map((l) => <a key={l.href} href={l.href} target="_blank" rel="noopener">{l.label}</a>)}
    </footer>
  )
}

function TextInput({ vm, label, field, wide, children }: {
  vm: LeadViewModel
  label: string
  field?: LeadField
  wide?: boolean
  children: (id: string, describedBy: string | undefined) => ReactNode
}) {
  const id = useId()
  const error = field ? vm.errors[field] : undefined
  const required = field ? vm.isRequired(field) : false
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required ? <span className={styles.required} aria-hidden="true">*</span> : null}
      </label>
      {children(id, error ? `${id}-error` : undefined)}
      {error ? <span id={`${id}-error`} className={styles.error} role="alert">{error}</span> : null}
    </div>
  )
}

const LeadInput = observer(function LeadInput({ vm, field }: { vm: LeadViewModel; field: LeadField }) {
  if (field === 'interested') {
    if (!vm.config.showInterested) return null
    return (
      <fieldset className={`${styles.fieldset} ${styles.wide}`}>
        <legend className={styles.legend}>{vm.config.interestedTitle}</legend>
        <div className={styles.checks}>
          {vm.config.interested.map((option) => (
            <label key={option} className={styles.check}>
              <input type="checkbox" {...edits('interested')} value={option} checked={vm.isInterested(option)} onChange={(e) => vm.toggleInterested(option, e.target.checked)} /> {option}
            </label>
          ))}
        </div>
      </fieldset>
    )
  }
  const invalid = vm.errors[field] ? true : undefined
  const common = (id: string, describedBy: string | undefined) => ({
    id,
    ...edits(field),
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    'aria-required': vm.isRequired(field) || undefined,
  })
  const select = (options: readonly string[]) => (id: string, d: string | undefined) => (
    <select {...common(id, d)} className={styles.select} value={vm.text(field)} onChange={(e) => vm.setField(field, e.target.value)}>
      <option value="">Select…</option>
      {options.map((o) => <option key={o} value={o}>{o}</option>)}
    </select>
  )
  switch (field) {
    case 'title':
      return <TextInput vm={vm} field={field} label={LABELS.title}>{select(TITLES.filter((t) => t !== 'Not selected'))}</TextInput>
    case 'gender':
      return <TextInput vm={vm} field={field} label={LABELS.gender}>{select(GENDERS.filter((g) => g !== 'Not selected'))}</TextInput>
    case 'referralSource':
      return <TextInput vm={vm} field={field} label={LABELS.referralSource}>{select(REFERRAL_SOURCES)}</TextInput>
    case 'mobilePhone':
      return (
        <TextInput vm={vm} field={field} label={LABELS.mobilePhone}>
          {(id, d) => (
            <div className={styles.phone}>
              <select className={styles.select} {...edits('country')} aria-label="Phone country" value={vm.country} onChange={(e) => vm.setCountry(e.target.value as LeadCountry)}>
                {vm.countries.map((c) => <option key={c.code} value={c.code} label={`${c.code.toUpperCase()} ${leadDialCode(c.code)}`}>{`${c.name} ${leadDialCode(c.code)}`}</option>)}
              </select>
              <input {...common(id, d)} className={styles.input} type="tel" inputMode="tel" autoComplete="tel-national" placeholder={vm.dialCode} value={vm.text(field)} onChange={(e) => vm.setField(field, e.target.value)} />
            </div>
          )}
        </TextInput>
      )
    default: {
      const type = field === 'email' ? 'email' : 'text'
      const autoComplete = { firstName: 'given-name', surname: 'family-name', email: 'email', dateOfBirth: 'bday' }[field]
      return (
        <TextInput vm={vm} field={field} label={LABELS[field]}>
          {(id, d) => (
            <input
              {...common(id, d)}
              className={styles.input}
              type={type}
              autoComplete={autoComplete}
              inputMode={field === 'dateOfBirth' ? 'numeric' : undefined}
              placeholder={field === 'dateOfBirth' ? 'DD/MM/YYYY' : undefined}
              value={vm.text(field)}
              onChange={(e) => vm.setField(field, e.target.value)}
            />
          )}
        </TextInput>
      )
    }
  }
})

export default LeadPage
