// The desk's react-aria controls (loaded with /staff only): a select and a date picker with a calendar,
// styled like the app's fields (Field.module.css) and the account menu.
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components'
import { parseDate, type DateValue } from '@internationalized/date'
import styles from './StaffDesk.module.css'

export interface Option {
  value: string
  label: string
}

/** A labelled single choice (react-aria Select: a button, a popover list). */
export function StaffSelect({ label, value, options, onChange }: { label: string; value: string; options: Option[]; onChange: (value: string) => void }) {
  return (
    <Select className={styles.field} selectedKey={value} onSelectionChange={(key) => key !== null && onChange(String(key))}>
      <Label className={styles.label}>{label}</Label>
      <AriaButton className={styles.trigger}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className={styles.popover} placement="bottom start">
        <ListBox className={styles.listBox} items={options}>
          {(o) => <ListBoxItem id={o.value} className={styles.option} textValue={o.label}>{o.label}</ListBoxItem>}
        </ListBox>
      </Popover>
    </Select>
  )
}

const dateValue = (iso: string): DateValue | null => {
  try {
    return parseDate(iso)
  } catch {
    return null
  }
}

/** A labelled date: typed in segments (day, month, year) or picked from a calendar. */
export function StaffDatePicker({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  return (
    <DatePicker className={styles.field} value={dateValue(value)} onChange={(d) => d && onChange(d.toString())}>
      <Label className={styles.label}>{label}</Label>
      <Group className={styles.group}>
        <DateInput className={styles.dateInput}>{(segment) => <DateSegment segment={segment} className={styles.segment} />}</DateInput>
        <AriaButton className={styles.calendarButton} aria-label="Open the calendar">▦</AriaButton>
      </Group>
      <Popover className={styles.popover} placement="bottom end">
        <Dialog aria-label="Calendar">
          <Calendar className={styles.calendar}>
            <header className={styles.calHeader}>
              <AriaButton slot="previous" className={styles.nav} aria-label="Previous month">‹</AriaButton>
              <Heading />
              <AriaButton slot="next" className={styles.nav} aria-label="Next month">›</AriaButton>
            </header>
            <CalendarGrid className={styles.grid}>
              <CalendarGridHeader>{(day) => <CalendarHeaderCell>{day}</CalendarHeaderCell>}</CalendarGridHeader>
              <CalendarGridBody>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGridBody>
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  )
}
