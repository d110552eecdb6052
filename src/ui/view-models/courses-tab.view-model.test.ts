import { describe, expect, it, vi } from 'vitest'
import * as E from 'fp-ts/Either'
import { COURSE_COLUMNS, CoursesTabViewModel, NO_COURSES } from './courses-tab.view-model'
import { course, CUSTOMER, IDS, useCase, world } from './account.view-model.test-support'
import type { CustomerCourse } from '../../contract/customer-courses.routes'

const FACIAL = { id: IDS.SERVICE_ID, name: 'Facial', categoryId: IDS.CATEGORY_ID, defaultDuration: 60, defaultPrice: 80 }

function setup(list: CustomerCourse[], service: E.Either<string, typeof FACIAL> = E.right(FACIAL)) {
  const w = world()
  const listCourses = useCase(() => E.right(list))
  const catalogue = { execute: vi.fn(async () => E.map((s: typeof FACIAL) => ({ categories: [], services: [s], hasMore: false }))(service)) }
  const vm = new CoursesTabViewModel(listCourses as never, w.session, w.booking, w.navigator, w.clock, catalogue as never)
  return { ...w, vm, listCourses, catalogue }
}

describe('CoursesTabViewModel', () => {
  it('has every column of the spec and its empty text', () => {
    expect(COURSE_COLUMNS).toEqual(['Date', 'Course', 'Course Price', 'Service', 'Quantity', 'Used', 'Booked', 'Available', 'Expiry date', 'Book'])
    expect(NO_COURSES).toBe('No courses to show.')
  })

  it('fills each column of a row', async () => {
    const { vm, listCourses } = setup([course('k1')])
    await vm.load()
    expect(listCourses.execute).toHaveBeenCalledWith(CUSTOMER.id)
    expect(vm.rows[0]).toMatchObject({
      date: '10/03/2026', course: 'Six facials', price: '£420.00', service: 'Facial',
      quantity: 6, used: 1, booked: 2, available: 3, expiry: 'No expiry', bookDisabled: false,
    })
  })

  it('shows the expiry date in London', async () => {
    const { vm } = setup([course('k1', { endsOn: '2026-12-31T23:30:00.000Z' })])
    await vm.load()
    expect(vm.rows[0]!.expiry).toBe('31/12/2026')
  })

  it('disables Book when nothing is available or the course expired', async () => {
    const { vm } = setup([
      course('full', { redeemed: 4, reserved: 2 }),
      course('expired', { endsOn: '2026-05-01T00:00:00.000Z' }),
      course('ok'),
    ])
    await vm.load()
    expect(vm.rows.map((r) => r.bookDisabled)).toEqual([true, true, false])
  })

  it('is empty after loading nothing', async () => {
    const { vm } = setup([])
    await vm.load()
    expect(vm.isEmpty).toBe(true)
  })

  it('books at the purchase location with the course query and sets the course context', async () => {
    const { vm, navigator, booking } = setup([course('k1')])
    await vm.load()
    await vm.book(vm.rows[0]!)
    expect(navigator.last).toBe(`/step/${IDS.CLINIC_ID}/${IDS.CATEGORY_ID}/${IDS.SERVICE_ID}?course=true&courseServiceBooking=true`)
    expect(booking.view.courseContext).toEqual({ courseId: 'k1', courseServices: [IDS.SERVICE_ID] })
    // The course pays for this item only (services added to the booking are paid).
    expect(booking.view.basket.map((i) => [i.kind, i.service.id, i.service.defaultDuration, i.courseSession])).toEqual([['service', IDS.SERVICE_ID, 60, true]])
  })

  it('uses the service of the purchase location', async () => {
    const { vm, catalogue } = setup([course('k1')])
    await vm.load()
    await vm.book(vm.rows[0]!)
    expect(catalogue.execute).toHaveBeenCalledWith({ clinic: IDS.CLINIC_ID, category: IDS.CATEGORY_ID, area: 'booking' })
  })

  it('puts a minimal service in the basket when the service cannot be loaded', async () => {
    const { vm, booking, navigator } = setup([course('k1')], E.left('Request failed with status 500'))
    await vm.load()
    await vm.book(vm.rows[0]!)
    expect(booking.view.basket[0]?.service).toMatchObject({ id: IDS.SERVICE_ID, name: 'Facial', categoryId: IDS.CATEGORY_ID })
    expect(navigator.paths).toHaveLength(1)
  })

  it('books through /step/location when the purchase location is unknown', async () => {
    const { vm, navigator } = setup([course('k1', { purchaseLocation: undefined })])
    await vm.load()
    await vm.book(vm.rows[0]!)
    expect(navigator.last).toBe(
      `/step/location?preselectedCategory=${IDS.CATEGORY_ID}&preselectedService=${IDS.SERVICE_ID}&course=true&courseServiceBooking=true`,
    )
  })

  it('does not navigate without a category, or when Book is disabled', async () => {
    const { vm, navigator } = setup([course('k1', { category: undefined }), course('k2', { redeemed: 6 })])
    await vm.load()
    await vm.book(vm.rows[0]!)
    await vm.book(vm.rows[1]!)
    expect(navigator.paths).toEqual([])
  })
})
