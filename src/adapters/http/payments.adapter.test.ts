import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpPaymentsApi } from './payments.adapter'
import { HttpCoursesApi } from './courses.adapter'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const payments = new HttpPaymentsApi(testHttp())
const invoice = {
  id: id(20), code: 'INV-1', customer: id(7), clinic: id(1), items: [], amount: 5, isDraft: true, paymentStatus: 'Unpaid', origin: 'SALE',
}

describe('HttpPaymentsApi', () => {
  it('POST /invoice/create then POST /invoice/{id}/pay', async () => {
    const body = { customer: id(7), clinic: id(1), appointmentId: id(10), origin: 'SALE' as const, description: 'Invoice for Booking Deposit' }
    api().post('/api/invoice/create', body).reply(200, invoice)
    const pay = { payments: [{ value: 5, type: 'Card' as const, coherentPaymentFlag: true }], invoice: id(20), idempotencyKey: 'k' }
    api().post(`/api/invoice/${id(20)}/pay`, pay).reply(200, { paymentUrl: 'http://pay/1', transactionId: 'tx1' })
    expect(await payments.createInvoice(body)).toEqual(E.right(invoice))
    expect(await payments.pay(id(20), pay)).toEqual(E.right({ paymentUrl: 'http://pay/1', transactionId: 'tx1' }))
  })

  it('GET /invoices/{id}, POST has-payment-intent, GET check-payment', async () => {
    api().get(`/api/invoices/${id(20)}`).reply(200, invoice)
    api().post(`/api/invoice/${id(20)}/has-payment-intent`).reply(200, { hasPaymentIntent: false })
    api().get('/api/coherence/check-payment/tx1').reply(200, { isPaid: true, status: 'paid' })
    expect(await payments.invoice(id(20))).toEqual(E.right(invoice))
    expect(await payments.hasPaymentIntent(id(20))).toEqual(E.right({ hasPaymentIntent: false }))
    expect(await payments.checkPayment('tx1')).toEqual(E.right({ isPaid: true, status: 'paid' }))
  })

  it('POST /gift-vouchers/purchase', async () => {
    const body = { customer: id(7), clinic: id(1), vouchers: [{ value: 50, receiver: { name: 'Bo', email: 'bo@x.co' } }] }
    api().post('/api/gift-vouchers/purchase', body).reply(200, invoice)
    expect(await payments.purchaseGiftVouchers(body)).toEqual(E.right(invoice))
  })

  it('maps a refused payment to the server message', async () => {
    api().post(`/api/invoice/${id(20)}/pay`).reply(409, { statusCode: 409, message: 'The booking hold has expired' })
    const result = await payments.pay(id(20), { payments: [] })
    expect(E.isLeft(result) && result.left._tag === 'HttpError' && result.left.message).toBe('The booking hold has expired')
  })
})

describe('HttpCoursesApi', () => {
  const courses = new HttpCoursesApi(testHttp())
  const course = {
    id: id(30), name: 'Six peels', course: { id: id(31), name: 'Six peels' }, service: { id: id(3), name: 'Peel' },
    quantity: 6, redeemed: 1, reserved: 0, soldAt: '2026-01-01T10:00:00.000Z',
  }
  it('GET /course/customer-course?customerId&clinic=all&excludeExpired=false', async () => {
    api().get('/api/course/customer-course').query({ customerId: id(7), clinic: 'all', excludeExpired: 'false' }).reply(200, [course])
    expect(await courses.customerCourses({ customerId: id(7), clinic: 'all', excludeExpired: false })).toEqual(E.right([course]))
  })
  it('POST /course/verify-assignment/{id} and GET /course/withoutAppt/{id}', async () => {
    api().post(`/api/course/verify-assignment/${id(20)}`).reply(200, { assigned: true })
    api().get(`/api/course/withoutAppt/${id(7)}`).reply(200, [course])
    expect(await courses.verifyAssignment(id(20))).toEqual(E.right({ assigned: true }))
    expect(await courses.withoutAppointment(id(7))).toEqual(E.right([course]))
  })
})
