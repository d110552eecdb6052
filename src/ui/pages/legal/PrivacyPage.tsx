import { Link } from 'react-router-dom'
import { useViewModel } from '../../use-view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import styles from './LegalPage.module.css'

/**
 * The privacy notice (issue 30): what the booking site keeps about a customer, why, for how long, who
 * else sees it and how to use one's rights. The organisation (the clinic) is the controller.
 */
export default function PrivacyPage() {
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const clinic = session.organisation?.name ?? 'The clinic'
  return (
    <article className={styles.page}>
      <h1>Privacy</h1>
      <p>{clinic} runs this booking site and decides what is done with your personal data (it is the controller). This page says what it keeps, why, for how long and what you can ask.</p>
      <h2>What is kept</h2>
      <ul>
        <li>Your account: name, title, email, phone numbers, date of birth, gender, address and how you like to be told about your bookings.</li>
        <li>Your bookings, the courses and gift vouchers you buy, your invoices and payments. Cards are kept by the card processor; this site keeps only their brand, last four digits and expiry.</li>
        <li>The forms you fill in and sign (consent and medical forms). Health information is special-category data: it is used only for your care at the clinic.</li>
        <li>The emails and text messages sent to you, and a record of sign-ins for security.</li>
        <li>Notes the clinic&apos;s staff write about you for your care and your bookings.</li>
      </ul>
      <h2>Why</h2>
      <p>To book and manage your appointments (the contract with you), to send confirmations and reminders, to take payments, to keep accounting records as the law requires, and, with your explicit consent, to keep the forms the clinic needs before a treatment.</p>
      <h2>How long</h2>
      <p>Your account, bookings and forms are kept while you have an account. Invoices and payment records are kept for as long as accounting law requires (in the UK, six years), even after your other data is erased.</p>
      <h2>Who else sees it</h2>
      <p>The clinic&apos;s staff who look after you; the card processor that takes your payments; the services that deliver its emails and text messages. Nothing is sold.</p>
      <h2>Cookies and analytics</h2>
      <p>The site keeps in your browser only what it needs to work: your sign-in, your chosen location and its currency, the addresses of the site&apos;s parts and your answer to the cookie or analytics banner; while you book, the tab keeps your booking&apos;s progress until it is closed. None of it is sent to anyone else. Analytics (Google Tag Manager) run only if you allow them in the banner that asks; until then Google&apos;s consent mode keeps them off.</p>
      <h2>Your rights</h2>
      <p>You can ask the clinic for a copy of everything it keeps about you, to correct it, to erase it (invoices excepted, see above) or to stop using it, and you can complain to the data protection authority (in the UK, the ICO). Ask at the clinic or by email through the contact details of your location.</p>
      <p><Link to="/accessibility">Accessibility statement</Link></p>
    </article>
  )
}
