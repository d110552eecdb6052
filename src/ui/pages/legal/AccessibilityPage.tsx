import { Link } from 'react-router-dom'
import styles from './LegalPage.module.css'

/** The accessibility statement (issue 30): the target, how it is tested, and how to report a barrier. */
export default function AccessibilityPage() {
  return (
    <article className={styles.page}>
      <h1>Accessibility statement</h1>
      <p>This booking site aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, so that everyone can book, pay and manage appointments, with a keyboard, a screen reader or magnification.</p>
      <h2>What that means here</h2>
      <ul>
        <li>Text and controls have a contrast of at least 4.5 to 1, and every control shows where the keyboard focus is.</li>
        <li>Every step of booking, the customer area and the forms can be used with the keyboard alone, in a sensible order; dialogs keep the focus inside and give it back when they close.</li>
        <li>Errors in a form are announced and tied to their field; the time left on a held appointment is shown without interrupting.</li>
        <li>Animations are turned off when your device asks for reduced motion,.</li>
      </ul>
      <h2>How it is tested</h2>
      <p>Every change runs automated browser tests that go through booking, payment, the customer area, forms, the lead form and the staff desk in a real browser and check each step with axe-core against the WCAG 2.0, 2.1 and 2.2 A and AA rules; a serious or critical finding fails the build. Automated checks cannot find every barrier, so reports from people who use the site matter.</p>
      <h2>Known limits</h2>
      <p>The card form of the card processor and the map of a location come from other services and may not meet every criterion; the clinic can take a booking by phone instead.</p>
      <h2>Tell us about a barrier</h2>
      <p>If something on this site is hard to use, please tell the clinic by phone or email (the contact details of your location), saying the page and what happened.</p>
      <p><Link to="/privacy">Privacy</Link></p>
    </article>
  )
}
