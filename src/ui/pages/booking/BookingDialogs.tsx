import { observer } from 'mobx-react-lite'
import { lazy, Suspense } from 'react'
import { BookingViewModel } from '../../view-models/booking.view-model'
import { GiftVoucherViewModel } from '../../view-models/gift-voucher.view-model'
import { useViewModel } from '../../use-view-model'
import { LazyDialog } from '../../components/LazyDialog'
import { Button } from '../../components/Button'

const GiftVoucherDialog = lazy(() => import('./GiftVoucherDialog'))

/** The wizard's questions and confirmations (spec section 2 'Modals'). */
export const BookingDialogs = observer(function BookingDialogs() {
  const booking = useViewModel<BookingViewModel>(BookingViewModel)
  const vouchers = useViewModel<GiftVoucherViewModel>(GiftVoucherViewModel)
  return (
    <>
      <LazyDialog
        title="Do you want to book another service?"
        isOpen={booking.view.askAnotherService}
        actions={
          <>
            <Button variant="secondary" onClick={() => booking.answerAnotherService(true)}>Yes</Button>
            <Button onClick={() => booking.answerAnotherService(false)}>No</Button>
          </>
        }
      />
      <LazyDialog
        title="Do you want to add another course?"
        isOpen={booking.view.askAnotherCourse}
        actions={
          <>
            <Button variant="secondary" onClick={() => booking.answerAnotherCourse(true)}>Yes</Button>
            <Button onClick={() => booking.answerAnotherCourse(false)}>No</Button>
          </>
        }
      />
      <LazyDialog
        title={booking.view.removeTitle}
        isOpen={booking.view.removing !== undefined}
        onClose={() => booking.cancelRemove()}
        role="alertdialog"
        actions={
          <>
            <Button variant="secondary" onClick={() => booking.cancelRemove()}>Cancel</Button>
            <Button variant="danger" onClick={() => booking.confirmRemove()}>Remove</Button>
          </>
        }
      />
      <LazyDialog
        title="Out of time"
        isOpen={booking.view.outOfTime}
        role="alertdialog"
        actions={<Button onClick={() => booking.dismissOutOfTime()}>Ok</Button>}
      >
        <p>Appointments are held for 5 minutes only. Please choose your time again.</p>
      </LazyDialog>
      {vouchers.dialogOpen ? (
        <Suspense fallback={null}>
          <GiftVoucherDialog />
        </Suspense>
      ) : null}
    </>
  )
})
