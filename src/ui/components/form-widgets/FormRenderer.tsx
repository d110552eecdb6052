import { observer } from 'mobx-react-lite'
import DOMPurify from 'dompurify'
import { isYes } from '../../../domain/forms/answers'
import { BLOCK_DEFAULT_SIZE, type FormField, imageAlignment, imageWidth, isVisibleField, widgetKind } from '../../../domain/forms/widgets'
import { UI_SIZES } from '../../../domain/constants/limits'
import { type FormAnswers, YES_NO_OPTIONS } from '../../view-models/form-answers.view-model'
import { ChoiceInput } from './ChoiceInput'
import { ListInput } from './ListInput'
import { SignatureInput } from './SignatureInput'
import { optionValues } from './choices'
import { safeImageSrc } from './image-source'
import { FieldMessage, RequiredLabel, WidgetFrame, widgetIds } from './WidgetFrame'
import styles from './FormWidgets.module.css'

interface WidgetProps {
  field: FormField
  answers: FormAnswers
  disabled: boolean
}

const titleOf = (field: FormField): string => field.title ?? field.textTitle ?? ''

/** Renders every visible widget of a form definition with its answer and message (spec section 3). */
export const FormRenderer = observer(function FormRenderer({ answers, disabled }: { answers: FormAnswers; disabled?: boolean }) {
  return (
    <div className={styles.form}>
      {answers.fields.filter(isVisibleField).map((field) => (
        <Widget key={field.id} field={field} answers={answers} disabled={disabled || answers.readOnly} />
      ))}
    </div>
  )
})

const Widget = observer(function Widget({ field, answers, disabled }: WidgetProps) {
  const kind = widgetKind(field.type)
  const ids = widgetIds(field.id)
  const error = answers.errorFor(field.id)
  const title = titleOf(field)
  const required = field.isRequired === true
  const control = {
    id: ids.control,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? ids.error : undefined,
    'aria-required': required || undefined,
  }
  const value = answers.value(field.id)
  const set = (v: unknown) => answers.set(field.id, v)
  const message = <FieldMessage id={ids.error} message={error} />
  switch (kind) {
    case 'title':
      return <h2 className={styles.title}>{title}</h2>
    case 'paragraph':
      return <div className={styles.paragraph} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(field.content ?? title) }} />
    case 'block':
      return <div aria-hidden="true" style={{ height: field.size ?? BLOCK_DEFAULT_SIZE }} />
    case 'image': {
      const align = imageAlignment(field.alignment).toLowerCase() as 'left' | 'center' | 'right'
      const src = safeImageSrc(field.src)
      return src ? (
        <div className={`${styles.image} ${styles[align]}`}>
          <img src={src} alt={title} style={{ width: imageWidth(field.image_size) }} />
        </div>
      ) : null
    }
    case 'text':
    case 'textarea':
      return (
        <WidgetFrame fieldId={field.id}>
          <label className={styles.label} htmlFor={ids.control}><RequiredLabel title={title} required={required} /></label>
          {kind === 'text' ? (
            <input {...control} className={styles.input} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} onBlur={() => answers.touch(field.id)} />
          ) : (
            <textarea {...control} className={styles.textarea} rows={UI_SIZES.textAreaRows} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} onBlur={() => answers.touch(field.id)} />
          )}
          {message}
        </WidgetFrame>
      )
    case 'checkbox': {
      const options = optionValues(field.options)
      if (options.length === 0) {
        return (
          <WidgetFrame fieldId={field.id}>
            <label className={styles.choice}>
              <input type="checkbox" {...control} checked={value === true} onChange={(e) => set(e.target.checked)} />
              <span><RequiredLabel title={title} required={required} /></span>
            </label>
            {message}
          </WidgetFrame>
        )
      }
      const checked = Array.isArray(value) ? (value as string[]) : []
      return (
        <Group field={field} title={title} required={required} error={error}>
          <div className={styles.choices}>
            {options.map((o) => (
              <label key={o} className={styles.choice}>
                <input type="checkbox" disabled={disabled} checked={checked.includes(o)} onChange={(e) => set(e.target.checked ? [...checked, o] : checked.filter((c) => c !== o))} />
                {o}
              </label>
            ))}
          </div>
        </Group>
      )
    }
    case 'radio': {
      const withSub = field.textTitle !== undefined && field.textTitle !== ''
      const answer = withSub ? (value as { answer?: string } | undefined)?.answer : (value as string | undefined)
      const sub = withSub ? (value as { sub?: unknown } | undefined)?.sub : undefined
      return (
        <Group field={field} title={title} required={required} error={error}>
          <Radios name={ids.control} options={optionValues(field.options)} value={answer} disabled={disabled} onChange={(a) => set(withSub ? { answer: a, sub } : a)} />
          {withSub && isYes(answer) ? (
            <div className={styles.sub}>
              <label className={styles.label} htmlFor={`${ids.control}-sub`}>
                <RequiredLabel title={field.textTitle ?? ''} required={field.isSubFieldRequired} />
              </label>
              <input id={`${ids.control}-sub`} className={styles.input} disabled={disabled} aria-describedby={error ? ids.error : undefined} aria-invalid={error ? true : undefined} value={typeof sub === 'string' ? sub : ''} onChange={(e) => set({ answer, sub: e.target.value })} />
            </div>
          ) : null}
        </Group>
      )
    }
    case 'radio-text':
    case 'radio-list':
    case 'radio-autocomplete': {
      const { answer, sub } = (value ?? {}) as { answer?: string; sub?: unknown }
      const subTitle = field.textTitle && field.textTitle !== title ? field.textTitle : 'Please give details'
      const setSub = (s: unknown) => set({ answer, sub: s })
      return (
        <Group field={field} title={title} required={required} error={error}>
          <Radios name={ids.control} options={YES_NO_OPTIONS} value={answer} disabled={disabled} onChange={(a) => set({ answer: a, sub })} />
          {isYes(answer) ? (
            <div className={styles.sub}>
              {kind === 'radio-text' ? (
                <>
                  <label className={styles.label} htmlFor={`${ids.control}-sub`}><RequiredLabel title={subTitle} required={field.isSubFieldRequired} /></label>
                  <input id={`${ids.control}-sub`} className={styles.input} disabled={disabled} aria-describedby={error ? ids.error : undefined} aria-invalid={error ? true : undefined} value={typeof sub === 'string' ? sub : ''} onChange={(e) => setSub(e.target.value)} />
                </>
              ) : kind === 'radio-list' ? (
                <ListInput field={field} title={field.textTitle && field.textTitle !== title ? field.textTitle : title} value={sub} onChange={setSub} disabled={disabled} />
              ) : (
                <ChoiceInput field={field} label={<RequiredLabel title={subTitle} required={field.isSubFieldRequired} />} value={sub} multiple={field.multiple} disabled={disabled} onChange={setSub} />
              )}
            </div>
          ) : null}
        </Group>
      )
    }
    case 'select':
      if (!field.multiple && !field.useDrugList && !field.autocompleteSearch) {
        return (
          <WidgetFrame fieldId={field.id}>
            <label className={styles.label} htmlFor={ids.control}><RequiredLabel title={title} required={required} /></label>
            <select {...control} className={styles.select} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} onBlur={() => answers.touch(field.id)}>
              <option value="">Choose…</option>
              {optionValues(field.options).map((o) => <option key={o} value={o}>{o}</option>)}
            </select>
            {message}
          </WidgetFrame>
        )
      }
      return <Choice field={field} answers={answers} disabled={disabled} />
    case 'autocomplete':
      return <Choice field={field} answers={answers} disabled={disabled} />
    case 'list':
      return (
        <Group field={field} title={title} required={required} error={error}>
          <ListInput field={field} title={title} value={value} onChange={set} disabled={disabled} describedBy={error ? ids.error : undefined} />
        </Group>
      )
    case 'signature':
      return (
        <WidgetFrame fieldId={field.id}>
          <span className={styles.label} id={`${ids.control}-label`}><RequiredLabel title={title} required={required} /></span>
          <SignatureInput vm={answers.signature(field.id)} label={title} disabled={disabled} describedBy={error ? ids.error : undefined} invalid={Boolean(error)} />
          {message}
        </WidgetFrame>
      )
    default:
      return null
  }
})

const Choice = observer(function Choice({ field, answers, disabled }: WidgetProps) {
  const ids = widgetIds(field.id)
  const error = answers.errorFor(field.id)
  return (
    <WidgetFrame fieldId={field.id}>
      <ChoiceInput
        field={field}
        label={<RequiredLabel title={titleOf(field)} required={field.isRequired} />}
        value={answers.value(field.id)}
        multiple={field.multiple}
        disabled={disabled}
        invalid={Boolean(error)}
        describedBy={error ? ids.error : undefined}
        onChange={(v) => answers.set(field.id, v)}
        onBlur={() => answers.touch(field.id)}
      />
      <FieldMessage id={ids.error} message={error} />
    </WidgetFrame>
  )
})

function Group({ field, title, required, error, children }: { field: FormField; title: string; required: boolean; error?: string; children: React.ReactNode }) {
  const ids = widgetIds(field.id)
  return (
    <fieldset className={styles.fieldset} id={ids.control} aria-describedby={error ? ids.error : undefined} data-widget={field.id}>
      <legend className={styles.legend}><RequiredLabel title={title} required={required} /></legend>
      {children}
      <FieldMessage id={ids.error} message={error} />
    </fieldset>
  )
}

function Radios({ name, options, value, disabled, onChange }: {
  name: string
  options: readonly string[]
  value: string | undefined
  disabled: boolean
  onChange: (value: string) => void
}) {
  return (
    <div className={styles.choices}>
      {options.map((o) => (
        <label key={o} className={styles.choice}>
          <input type="radio" name={name} value={o} disabled={disabled} checked={value === o} onChange={() => onChange(o)} />
          {o}
        </label>
      ))}
    </div>
  )
}
