/** SQL for the courses customers bought (commerce_customer_courses). */
import type { Selectable } from 'kysely'
import { newId, type CommerceDb, type CommerceTables } from './commerce.tables'

export type CustomerCourseRow = Selectable<CommerceTables['commerce_customer_courses']>

export interface NewCustomerCourse {
  tenant: string
  customerId: string
  courseId: string
  name: string
  serviceId: string | null
  categoryId: string | null
  quantity: number
  price: number
  tax: number
  invoiceId: string | null
  purchaseLocation: string | null
  endsOn: Date | null
  status?: 'Unpaid' | 'Active'
  soldAt?: Date
  redeemed?: number
  id?: string
}

export async function insertCustomerCourses(db: CommerceDb, rows: readonly NewCustomerCourse[]): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('commerce_customer_courses')
    .values(
      rows.map((r) => ({
        id: r.id ?? newId(),
        tenant_id: r.tenant,
        customer_id: r.customerId,
        course_id: r.courseId,
        name: r.name,
        service_id: r.serviceId,
        category_id: r.categoryId,
        quantity: r.quantity,
        redeemed: r.redeemed ?? 0,
        price: r.price,
        tax: r.tax,
        invoice_id: r.invoiceId,
        purchase_location: r.purchaseLocation,
        ends_on: r.endsOn,
        status: r.status ?? 'Unpaid',
        ...(r.soldAt ? { sold_at: r.soldAt } : {}),
      })),
    )
    .execute()
}

export async function activateCoursesOfInvoice(db: CommerceDb, invoiceId: string): Promise<void> {
  await db.updateTable('commerce_customer_courses').set({ status: 'Active' }).where('invoice_id', '=', invoiceId).where('status', '=', 'Unpaid').execute()
}

export function activeCoursesOf(db: CommerceDb, tenant: string, customerId: string): Promise<CustomerCourseRow[]> {
  return db
    .selectFrom('commerce_customer_courses')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'Active')
    .orderBy('sold_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export function lockCustomerCourse(trx: CommerceDb, tenant: string, id: string): Promise<CustomerCourseRow | undefined> {
  return trx.selectFrom('commerce_customer_courses').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).forUpdate().executeTakeFirst()
}

export function coursesOfInvoice(db: CommerceDb, invoiceId: string): Promise<CustomerCourseRow[]> {
  return db.selectFrom('commerce_customer_courses').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute()
}
