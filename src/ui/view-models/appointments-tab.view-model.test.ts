import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { AppointmentsTabViewModel, NO_APPOINTMENTS, SWIPE_HINT } from './appointments-tab.view-model'
import { appointment, CUSTOMER, flush, IDS, ORGANISATION, useCase, world } from './account.view-model.test-support'
import type { AppointmentView } from '../../contract/appointments.codecs'
import type { OrganisationPublic } from '../../contract/organisation.routes'

function setup(list: AppointmentView[], org: Partial<OrganisationPublic> = {}, options: { cancelFails?: string } = {}) {
  const w = world()
  const listAppointments = useCase(() => E.right(list))
  const cancel = useCase((id: string) =>
    options.cancelFails ? E.left({ _tag: 'Refused' as const, status: 400, message: options.cancelFails }) : E.right({ ...list.find((a) => a.id === id)!, status: 'Cancelled' as const }),
  )
  const get = useCase((id: string) => E.right(list.find((a) => a.id === id)!))
  const loadOrg = useCase(() => E.right({ ...ORGANISATION, ...org }))
  const locations = useCase(() =>
    E.right({ clinics: [{ id: IDS.CLINIC_ID, accountName: 'Harley Street', address: { line1: '1 Harley St', city: 'London' } }] }),
  )
  const vm = new AppointmentsTabViewModel(
    listAppointments as never, cancel as never, get as never, loadOrg as never, locations as never,
    w.session, w.booking, w.toasts, w.clock,
  )
  return { ...w, vm, listAppointments, cancel, get, loadOrg }
}

describe('AppointmentsTabViewModel', () => {
  it('exposes the spec texts', () => {
    expect(NO_APPOINTMENTS).toBe('No content to show.')
    expect(SWIPE_HINT).toBe('Swipe table to see options')
  })

  it('loads the signed-in customer\'s appointments and formats the London date', async () => {
    const { vm, listAppointments } = setup([appointment('a1', 24 * 10)])
    await vm.load()
    expect(listAppointments.execute).toHaveBeenCalledWith(CUSTOMER.id)
    // 2026-06-11T09:00Z is 10:00 in London (BST)
    expect(vm.rows[0]).toMatchObject({ date: '11/06/2026 10:00', service: 'Signature facial', staff: 'Amy Lee', location: 'Harley Street' })
  })

  it('takes the policy settings from the session\'s organisation when it has one, without asking again', async () => {
    const { vm, session, loadOrg } = setup([appointment('a1', 10)])
    session.organisation = { ...ORGANISATION, lateCancellationPeriod: 24 }
    await vm.load()
    expect(loadOrg.execute).not.toHaveBeenCalled()
    expect(vm.settings.lateCancellationPeriod).toBe(24)
  })

  it('is empty only once loaded with no appointments', async () => {
    const { vm } = setup([])
    expect(vm.isEmpty).toBe(false)
    await vm.load()
    expect(vm.isEmpty).toBe(true)
  })

  it('outside the late period shows the Options menu with cancel and reschedule and the plain confirmation', async () => {
    const { vm } = setup([appointment('a1', 100)])
    await vm.load()
    const action = vm.rows[0]!.action
    expect(action.kind).toBe('options')
    if (action.kind !== 'options' || action.view.kind !== 'menu') throw new Error('menu expected')
    expect(action.view.actions).toEqual(['cancel', 'reschedule'])
    vm.choose(vm.rows[0]!, 'cancel')
    expect(vm.confirmation?.dialog).toEqual({ title: 'Confirm cancellation', message: 'Are you sure you want to cancel this appointment?' })
  })

  it('within the late period (rule other, terms shown) warns with the late cancellation terms', async () => {
    const { vm } = setup([appointment('a1', 10)])
    await vm.load()
    vm.choose(vm.rows[0]!, 'cancel')
    expect(vm.confirmation?.dialog.title).toBe('Late cancellation')
    expect(vm.confirmation?.dialog.message).toContain('48 hours')
    expect(vm.confirmation?.dialog.message).toContain('£25.00')
    expect(vm.confirmation?.late).toBe(true)
  })

  it('within the late period a reschedule asks first with the late appointment change warning', async () => {
    const { vm, navigator } = setup([appointment('a1', 10)])
    await vm.load()
    vm.choose(vm.rows[0]!, 'reschedule')
    expect(vm.confirmation?.dialog).toEqual({
      title: 'Late appointment change',
      message:
        'Changes to this appointment are within 48 hours which will result in a £25.00 charge to your card or, in the case of a treatment that is part of a course, forfeiting the treatment. Are you sure you want to continue?',
    })
    expect(navigator.paths).toEqual([])
  })

  it('with the rule allow, a late appointment shows the menu disabled', async () => {
    const { vm } = setup([appointment('a1', 10)], { cancellationRules: 'allow' })
    await vm.load()
    const action = vm.rows[0]!.action
    expect(action.kind === 'options' && action.view.kind).toBe('disabled')
    vm.choose(vm.rows[0]!, 'cancel')
    expect(vm.confirmation).toBeUndefined()
    expect(vm.lateNote).toBe('Within 48 hours: please contact us')
  })

  it('past appointments offer Book again, or Cannot be rebooked online when the service is not online at the clinic', async () => {
    const hidden = appointment('a2', -48, { service: { ...appointment('x', 0).service, showOnline: false } })
    const { vm } = setup([appointment('a1', -48), hidden])
    await vm.load()
    expect(vm.rows.map((r) => r.action.kind === 'options' ? 'options' : r.action.label)).toEqual(['Book again', 'Cannot be rebooked online'])
  })

  it('do-not-allow hides cancel and reschedule', async () => {
    const { vm } = setup([appointment('a1', 100)], { cancellationRules: 'do-not-allow' })
    await vm.load()
    expect(vm.rows[0]!.action.kind).toBe('bookAgain')
  })

  it('linked appointments can be cancelled but not rescheduled', async () => {
    const { vm } = setup([appointment('a1', 100, { isLinked: true })])
    await vm.load()
    const action = vm.rows[0]!.action
    if (action.kind !== 'options' || action.view.kind !== 'menu') throw new Error('menu expected')
    expect(action.view.actions).toEqual(['cancel'])
  })

  it('confirming a cancellation cancels and removes the row', async () => {
    const { vm, cancel } = setup([appointment('a1', 100), appointment('a2', 200)])
    await vm.load()
    vm.choose(vm.rows[0]!, 'cancel')
    await vm.confirm()
    expect(cancel.execute).toHaveBeenCalledWith('a1')
    expect(vm.rows.map((r) => r.id)).toEqual(['a2'])
    expect(vm.confirmation).toBeUndefined()
  })

  it('a failed cancellation keeps the row and shows the server message as a toast', async () => {
    const { vm, toasts } = setup([appointment('a1', 100)], {}, { cancelFails: 'Too late to cancel' })
    await vm.load()
    vm.choose(vm.rows[0]!, 'cancel')
    await vm.confirm()
    expect(vm.rows).toHaveLength(1)
    expect(toasts.toasts.map((t) => t.text)).toEqual(['Too late to cancel'])
  })

  it('reschedule opens the wizard in reschedule mode at the staff step URL with reschedule=1', async () => {
    const { vm, booking, navigator } = setup([appointment('a1', 100)])
    await vm.load()
    vm.choose(vm.rows[0]!, 'reschedule')
    await flush()
    expect(booking.view.isReschedule).toBe(true)
    expect(booking.view.rescheduleAppointmentId).toBe('a1')
    expect(booking.view.location?.address.line1).toBe('1 Harley St')
    expect(booking.view.basket[0]?.staff?.id).toBe(IDS.STAFF_ID)
    expect(navigator.last).toBe(`/step/${IDS.CLINIC_ID}/${IDS.CATEGORY_ID}/${IDS.SERVICE_ID}?service=0&reschedule=1`)
  })

  it('confirming the late change warning continues to the reschedule', async () => {
    const { vm, booking } = setup([appointment('a1', 10)])
    await vm.load()
    vm.choose(vm.rows[0]!, 'reschedule')
    await vm.confirm()
    expect(booking.view.isReschedule).toBe(true)
  })

  it('reschedule of an appointment with linked ones loads them and starts linked', async () => {
    const linked = appointment('l1', 101, { isLinked: true })
    const { vm, booking } = setup([appointment('a1', 100, { linkedAppointments: [linked] })])
    await vm.load()
    await vm.reschedule(vm.rows[0]!)
    expect(booking.view.isLinked).toBe(true)
    expect(booking.view.basket).toHaveLength(2)
    expect(booking.view.step).toBe('time')
  })

  it('a linked appointment cancelled on its own stays out of the reschedule and of book again (the rest moves alone)', async () => {
    const cancelled = appointment('l1', 101, { isLinked: true, status: 'Cancelled' })
    const kept = appointment('l2', 102, { isLinked: true })
    const { vm, booking } = setup([appointment('a1', 100, { linkedAppointments: [cancelled, kept] })])
    await vm.load()
    await vm.reschedule(vm.rows[0]!)
    expect(booking.view.basket.map((i) => i.service.id)).toHaveLength(2)
    const alone = setup([appointment('a1', 100, { linkedAppointments: [{ ...cancelled, status: 'Deleted' }] })])
    await alone.vm.load()
    await alone.vm.reschedule(alone.vm.rows[0]!)
    expect(alone.booking.view.basket).toHaveLength(1)
    expect(alone.booking.view.isLinked).toBe(false)
    expect(alone.booking.view.step).toBe('staff')
    const past = setup([appointment('a1', -48, { linkedAppointments: [appointment('l1', -47, { isLinked: true, status: 'Cancelled' })] })])
    await past.vm.load()
    await past.vm.bookAgain(past.vm.rows[0]!)
    expect(past.booking.view.basket).toHaveLength(1)
  })

  it("a moved appointment keeps its own price and length in the basket, not the service's defaults (linked ones too)", async () => {
    const start = Date.parse('2026-06-05T10:00:00Z')
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString()
    const linked = appointment('l1', 0, { isLinked: true, grossPrice: 150, price: 150, event: { start: at(45), end: at(105) } })
    const first = appointment('a1', 0, { grossPrice: 95, price: 95, event: { start: at(0), end: at(45) }, linkedAppointments: [linked] })
    const { vm, booking } = setup([first])
    await vm.load()
    await vm.reschedule(vm.rows[0]!)
    expect(booking.view.basket.map((i) => [i.staff?.grossPrice, i.staff?.duration])).toEqual([[95, 45], [150, 60]])
  })

  it('book again names the practitioner only: the staff list gives their price of today', async () => {
    const { vm, booking } = setup([appointment('a1', -48, { grossPrice: 95, price: 95 })])
    await vm.load()
    await vm.bookAgain(vm.rows[0]!)
    expect(booking.view.basket[0]?.staff).toEqual({ id: IDS.STAFF_ID, displayName: 'Amy Lee' })
  })

  it('book again opens the wizard flagged book-again with the same service and practitioner', async () => {
    const { vm, booking, navigator } = setup([appointment('a1', -48)])
    await vm.load()
    await vm.bookAgain(vm.rows[0]!)
    expect(booking.view.isBookAgain).toBe(true)
    expect(booking.view.isReschedule).toBe(false)
    expect(booking.view.basket[0]?.service.id).toBe(IDS.SERVICE_ID)
    expect(navigator.last).toBe(`/step/${IDS.CLINIC_ID}/${IDS.CATEGORY_ID}/${IDS.SERVICE_ID}?service=0`)
  })

  it('does not book again when the service cannot be rebooked online', async () => {
    const hidden = appointment('a2', -48, { service: { ...appointment('x', 0).service, showOnline: false } })
    const { vm, booking } = setup([hidden])
    await vm.load()
    await vm.bookAgain(vm.rows[0]!)
    expect(booking.view.isBookAgain).toBe(false)
  })
})
