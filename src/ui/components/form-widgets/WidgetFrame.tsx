import type { ReactNode } from 'react'
import styles from './FormWidgets.module.css'

/** DOM ids of a widget: its control, its message and its anchor (the Save summary links to it). */
export const widgetIds = (fieldId: string) => ({
  control: `field-${fieldId}`,
  error: `field-${fieldId}-error`,
})

/** A field title with the asterisk of a required field (the control itself carries aria-required). */
export function RequiredLabel({ title, required }: { title: string; required?: boolean }) {
  return (
    <>
      {title}
      {required ? <span className={styles.required} aria-hidden="true">*</span> : null}
    </>
  )
}

/** The inline message of a field, announced and tied to it by id. */
export function FieldMessage({ id, message }: { id: string; message?: string }) {
  return message ? <p id={id} className={styles.error} role="alert">{message}</p> : null
}

export function WidgetFrame({ children, fieldId }: { children: ReactNode; fieldId: string }) {
  return <div className={styles.widget} data-widget={fieldId}>{children}</div>
}
