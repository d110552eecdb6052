import type { BlockType, TimeBlock } from '../../../contract/desk-calendar.routes'
import { timeOnDay } from '../../../domain/desk/day'
import { londonDateOf } from '../../../domain/time'
import { Button } from '../../components/Button'
import desk from './StaffDesk.module.css'
import styles from './StaffWeek.module.css'

export const BLOCK_LABEL: Record<BlockType, string> = { Break: 'Break', Block: 'Meeting / blocked', Leave: 'Leave' }

/** 'Leave 09:00–2031-06-18 17:00, Conference': the block's kind, its times as read on `date` (default its start's), its note. */
export function blockLabel(block: TimeBlock, date = londonDateOf(new Date(block.start))): string {
  return `${BLOCK_LABEL[block.type]} ${blockTimes(block, date)}${block.note ? `, ${block.note}` : ''}`
}

const blockTimes = (block: TimeBlock, date: string) => `${timeOnDay(date, block.start)}–${timeOnDay(date, block.end)}`

/**
 * Time blocked off (a break, a meeting, leave) in a day's list, in the day view's practitioner column
 * and the week view's day alike: its times (the date beside a time on another day), kind and note,
 * and Remove.
 */
export function StaffBlockEntry({ block, date, busy, onRemove }: { block: TimeBlock; date?: string; busy: boolean; onRemove: (block: TimeBlock) => void }) {
  const on = date ?? londonDateOf(new Date(block.start))
  const label = blockLabel(block, on)
  return (
    <li className={`${styles.entry} ${styles.blockEntry}`} aria-label={label}>
      <p className={desk.time}>{blockTimes(block, on)}</p>
      <p>{BLOCK_LABEL[block.type]}{block.note ? `: ${block.note}` : ''}{block.seriesId ? ' (repeats)' : ''}</p>
      <div className={styles.entryActions}>
        <Button variant="ghost" onClick={() => onRemove(block)} disabled={busy} aria-label={`Remove ${label}`}>Remove</Button>
      </div>
    </li>
  )
}
