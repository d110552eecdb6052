import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { useViewModel } from '../../use-view-model'
import { WaitlistOfferViewModel } from '../../view-models/waitlist-offer.view-model'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import styles from './WaitlistOfferPage.module.css'

/**
 * /waitlist/offer/:token (issue 32): the offer mail's link. An open offer goes straight to the confirm
 * step of the held time; otherwise the page says why, with a way to book another time.
 */
const WaitlistOfferPage = observer(function WaitlistOfferPage() {
  const vm = useViewModel<WaitlistOfferViewModel>(WaitlistOfferViewModel)
  const { token = '' } = useParams()
  const navigate = useNavigate()
  useEffect(() => {
    void vm.open(token)
  }, [vm, token])
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
