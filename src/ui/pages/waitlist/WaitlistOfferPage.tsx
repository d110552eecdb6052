import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { useViewModel } from '../../use-view-model'
import { DECLINE_BUTTON, DECLINE_KEEP, DECLINE_QUESTION, WaitlistOfferViewModel } from '../../view-models/waitlist-offer.view-model'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import styles from './WaitlistOfferPage.module.css'

/**
 * /waitlist/offer/:token (issue 32): the offer mail's link. An open offer goes straight to the confirm
 * step of the held time; otherwise the page says why, with a way to book another time. The mail's
 * decline link (`?decline=1`) asks first, with 'Book this time' beside it.
 */
const WaitlistOfferPage = observer(function WaitlistOfferPage() {
  const vm = useViewModel<WaitlistOfferViewModel>(WaitlistOfferViewModel)
  const { token = '' } = useParams()
  const navigate = useNavigate()
  const declining = useSearchParams()[0].get('decline') === '1'
  useEffect(() => {
    void vm.open(token, declining)
  }, [vm, token, declining])
  const decline = vm.decline
  if (decline) {
    return (
      <section className={styles.page} aria-labelledby="decline-title">
        <h1 id="decline-title">{DECLINE_QUESTION}</h1>
        <p>
          {decline.when}, {decline.clinic}. The next person waiting is offered it; you stay on the waitlist.
        </p>
        {decline.error ? <p role="alert">{decline.error}</p> : null}
        <div className={styles.actions}>
          <Button variant="secondary" disabled={decline.sending} onClick={() => void vm.confirmDecline()}>{DECLINE_BUTTON}</Button>
          <Button disabled={decline.sending} onClick={() => vm.book()}>{DECLINE_KEEP}</Button>
        </div>
      </section>
    )
  }
  const ended = vm.ended
  if (!ended) return <Spinner label="Opening your offered time" />
  return (
    <section className={styles.page}>
      <h1>Your offered time</h1>
      <p role="alert">{ended.message}</p>
      <div className={styles.actions}>
        <Button onClick={() => navigate(ended.bookPath)}>Book another time</Button>
        <Link to="/app">My account</Link>
      </div>
    </section>
  )
})

export default WaitlistOfferPage
