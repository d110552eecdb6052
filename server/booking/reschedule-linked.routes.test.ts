import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { newId } from '../db/ids'
import { SLOT_TAKEN } from '../http/service-failure'

let t: TestServer
let demo: string
beforeAll(async () => {
  t = await buildTestServer()
  demo = await t.login(DEMO_CUSTOMER)
})
afterAll(() => t.close())

type View = { id: string; event: { start: string }; isLinked?: boolean; practitioner: { id: string } }
const view = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, headers: t.auth(demo) })).json() as View
const move = (id: string, start: string) =>
  t.app.inject({ method: 'PUT', url: `/api/appointments/reschedule/${id}`, headers: t.auth(demo), payload: { appointment: { event: { start, end: start } } } })
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString()

describe('rescheduling a visit of linked services', () => {
  it('moves the first service and its linked one by the same shift, into time the visit itself held', async () => {
    const [main, second] = [await view(DEMO.apptLinkedMain), await view(DEMO.apptLinkedSecond)]
    expect(main.isLinked ?? false).toBe(false)
    expect(second.isLinked).toBe(true)

    // +30 minutes: the first service moves into the linked one's old time (10:30-11:15 over 10:45-11:45).
    const moved = await move(DEMO.apptLinkedMain, plus(main.event.start, 30))
    expect(moved.statusCode, moved.body).toBe(200)
    expect(Date.parse((await view(DEMO.apptLinkedMain)).event.start)).toBe(Date.parse(plus(main.event.start, 30)))
    const secondAfter = await view(DEMO.apptLinkedSecond)
    expect(Date.parse(secondAfter.event.start)).toBe(Date.parse(plus(second.event.start, 30)))
    expect(secondAfter.practitioner.id).toBe(second.practitioner.id)

    // And back (-30 minutes): the linked one moves first out of the way, in reverse order.
    expect((await move(DEMO.apptLinkedMain, main.event.start)).statusCode).toBe(200)
    expect(Date.parse((await view(DEMO.apptLinkedSecond)).event.start)).toBe(Date.parse(second.event.start))
  })

  it('refuses the linked service on its own, and a move its linked service cannot follow, changing nothing', async () => {
    const [main, second] = [await view(DEMO.apptLinkedMain), await view(DEMO.apptLinkedSecond)]
    const linked = await move(DEMO.apptLinkedSecond, second.event.start)
    expect(linked.json()).toEqual({ statusCode: 409, message: 'Linked appointments cannot be rescheduled.' })

    // Another customer's booking with the same practitioner where the linked service would land (+2 h).
    const row = await t.db.selectFrom('appointments').selectAll().where('id', '=', DEMO.apptLinkedSecond).executeTakeFirstOrThrow()
    await t.db
      .insertInto('appointments')
      .values({ ...row, id: newId(), customer_id: DEMO.customerOther, group_id: null, is_linked: false, starts_at: new Date(plus(second.event.start, 120)), ends_at: new Date(plus(second.event.start, 150)) })
      .execute()
    const blocked = await move(DEMO.apptLinkedMain, plus(main.event.start, 120))
    expect(blocked.json()).toEqual({ statusCode: 409, message: SLOT_TAKEN })
    expect((await view(DEMO.apptLinkedMain)).event.start).toBe(main.event.start)
    expect((await view(DEMO.apptLinkedSecond)).event.start).toBe(second.event.start)
  })

  it('after the first service is cancelled on its own, the one left is a visit of its own that the customer can move', async () => {
    const second = await view(DEMO.apptLinkedSecond)
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${DEMO.apptLinkedMain}`, headers: t.auth(demo), payload: {} })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const left = (await view(DEMO.apptLinkedSecond)) as View & { linkedAppointments?: unknown[] }
    expect(left.isLinked ?? false).toBe(false)
    expect(left.linkedAppointments ?? []).toEqual([])
    // into the time the cancelled first service held
    const moved = await move(DEMO.apptLinkedSecond, plus(second.event.start, -45))
    expect(moved.statusCode, moved.body).toBe(200)
    expect(Date.parse((await view(DEMO.apptLinkedSecond)).event.start)).toBe(Date.parse(plus(second.event.start, -45)))
  })
})
