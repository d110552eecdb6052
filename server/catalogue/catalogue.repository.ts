/** Catalogue reads shared by the commerce services: a clinic's name, a course with its services, the items of a tax. */
import { toMoney, type DbOrTrx } from '../db/schema'

export interface CatalogueCourse {
  id: string
  name: string
  salePrice: number
  taxRate: number
  validityMonths: number | null
  categoryId: string | null
  categoryName: string | null
  services: { id: string; name: string; quantity: number }[]
}

export async function clinicName(db: DbOrTrx, tenant: string, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('clinics').select('account_name').where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
  return row?.account_name
}

export async function catalogueCourse(db: DbOrTrx, tenant: string, courseId: string): Promise<CatalogueCourse | undefined> {
  const row = await db
    .selectFrom('courses as c')
    .leftJoin('categories as k', (j) => j.onRef('k.id', '=', 'c.category_id').on('k.tenant_id', '=', tenant))
    .select(['c.id', 'c.name', 'c.sale_price', 'c.tax_rate', 'c.validity_months', 'c.category_id', 'k.name as category_name'])
    .where('c.tenant_id', '=', tenant)
    .where('c.id', '=', courseId)
    .executeTakeFirst()
  if (!row) return undefined
  const services = await db
    .selectFrom('course_services as cs')
    .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'cs.service_id').on('s.tenant_id', '=', tenant))
    .select(['s.id', 's.name', 's.online_name', 'cs.quantity'])
    .where('cs.tenant_id', '=', tenant)
    .where('cs.course_id', '=', courseId)
    .orderBy('s.position')
    .execute()
  return {
    id: row.id,
    name: row.name,
    salePrice: toMoney(row.sale_price) ?? 0,
    taxRate: row.tax_rate,
    validityMonths: row.validity_months,
    categoryId: row.category_id,
    categoryName: row.category_name ?? null,
    services: services.map((s) => ({ id: s.id, name: s.online_name ?? s.name, quantity: s.quantity })),
  }
}

/** Items (services and courses) that use a tax: by tax id, or by the same rate when none is linked. */
export async function taxedItems(db: DbOrTrx, tenant: string, tax: { id: string; rate: number }) {
  const services = await db
    .selectFrom('services')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenant)
    .where((eb) => eb.or([eb('tax_id', '=', tax.id), eb.and([eb('tax_id', 'is', null), eb('tax_rate', '=', tax.rate)])]))
    .orderBy('position')
    .execute()
  const courses = await db.selectFrom('courses').select(['id', 'name']).where('tenant_id', '=', tenant).where('tax_rate', '=', tax.rate).orderBy('position').execute()
  return [...services.map((s) => ({ ...s, type: 'Service' })), ...courses.map((c) => ({ ...c, type: 'Course' }))]
}
