import { observer } from 'mobx-react-lite'
import { useRef } from 'react'
import { NO_COURSES, type CourseRow, type CoursesTabViewModel } from '../../view-models/courses-tab.view-model'
import { SWIPE_HINT } from '../../view-models/appointments-tab.view-model'
import { Skeleton } from '../Spinner'
import { useOverflowing } from './use-overflowing'
import { useNarrow } from './use-narrow'
import styles from './account.module.css'

function BookButton({ row, vm }: { row: CourseRow; vm: CoursesTabViewModel }) {
  return (
    <button type="button" className={styles.smallButton} disabled={row.bookDisabled} aria-label={`Book ${row.service} from ${row.course}`} onClick={() => void vm.book(row)}>
      Book
    </button>
  )
}

/** Courses tab: every column of the spec; Book follows the course rule (spec sections 2 and 5); cards on a phone. */
export const CoursesTable = observer(function CoursesTable({ vm }: { vm: CoursesTabViewModel }) {
  const wrap = useRef<HTMLDivElement>(null)
  const narrow = useNarrow()
  const overflowing = useOverflowing(wrap, [vm.rows.length, narrow])
  return (
    <section className={styles.section} aria-labelledby="courses-title">
      <div className={styles.sectionHead}>
        <h2 id="courses-title" className={styles.sectionTitle}>Your courses</h2>
        {vm.rows.length > 0 && !narrow ? <p className={`${styles.swipe} ${overflowing ? styles.overflowing : ''}`}><span aria-hidden="true">↔</span>{SWIPE_HINT}</p> : null}
      </div>
      {!vm.loaded ? <Skeleton rows={3} /> : null}
      {vm.isEmpty ? <p className={styles.empty}>{NO_COURSES}</p> : null}
      {vm.rows.length > 0 && narrow ? (
        <ul className={styles.itemCards} aria-labelledby="courses-title">
          {vm.rows.map((row) => (
            <li key={row.id} className={styles.itemCard} data-course-id={row.id}>
              <div className={styles.itemTop}>
                <span className={styles.itemTitle}>{row.course}</span>
                <span className={styles.status}>{row.available} of {row.quantity} available</span>
              </div>
              <span>{row.service}</span>
              <span className={styles.muted}>Bought {row.date} · {row.price} · Used {row.used} · Booked {row.booked}</span>
              <span className={styles.muted}>Expiry date: {row.expiry}</span>
              <div className={styles.itemActions}><BookButton row={row} vm={vm} /></div>
            </li>
          ))}
        </ul>
      ) : null}
      {vm.rows.length > 0 && !narrow ? (
        <div ref={wrap} className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="courses-title">
          <table className={`${styles.table} ${styles.dense}`}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Course</th>
                <th scope="col" className={styles.num}>Course Price</th>
                <th scope="col">Service</th>
                <th scope="col" className={styles.num}>Quantity</th>
                <th scope="col" className={styles.num}>Used</th>
                <th scope="col" className={styles.num}>Booked</th>
                <th scope="col" className={styles.num}>Available</th>
                <th scope="col">Expiry date</th>
                <th scope="col">Book</th>
              </tr>
            </thead>
            <tbody>
              {vm.rows.map((row) => (
                <tr key={row.id} data-course-id={row.id}>
                  <td className={styles.nowrap}>{row.date}</td>
                  <td className={`${styles.strong} ${styles.wide}`}>{row.course}</td>
                  <td className={`${styles.num} ${styles.nowrap}`}>{row.price}</td>
                  <td className={styles.mid}>{row.service}</td>
                  <td className={styles.num}>{row.quantity}</td>
                  <td className={styles.num}>{row.used}</td>
                  <td className={styles.num}>{row.booked}</td>
                  <td className={`${styles.num} ${styles.strong}`}>{row.available}</td>
                  <td className={styles.nowrap}>{row.expiry}</td>
                  <td><BookButton row={row} vm={vm} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
})
