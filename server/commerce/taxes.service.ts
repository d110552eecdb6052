/** Tax rates (GET/POST/PUT /taxes...): integer percents per tenant, shown 'N% VAT' or 'Exempt (0%)'. */
import * as E from 'fp-ts/Either'
import type { Selectable } from 'kysely'
import type { Tax, TaxBody, TaxedItem, TaxesQuery, TaxUpdateBody } from '../../src/contract'
import { conflict, invalid, notFound, type ServiceError } from '../service-error'
import { newId, type CommerceDb, type CommerceTables } from './commerce.tables'

type TaxRow = Selectable<CommerceTables['commerce_taxes']>

const view = (row: TaxRow): Tax => ({ id: row.id, name: row.name, rate: row.rate, active: !row.inactive, archived: row.archived })

const rateOk = (rate: number) => Number.isInteger(rate) && rate >= 0 && rate <= 100

export async function listTaxes(db: CommerceDb, tenant: string, query: TaxesQuery): Promise<Tax[]> {
  let q = db.selectFrom('commerce_taxes').selectAll().where('tenant_id', '=', tenant)
  if (query.archived !== undefined) q = q.where('archived', '=', query.archived)
  if (query.inactive !== undefined) q = q.where('inactive', '=', query.inactive)
  if (query.rate !== undefined) q = q.where('rate', '=', query.rate)
  if (query.name) q = q.where('name', 'ilike', `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  const rows = await q.orderBy('rate', 'desc').orderBy('name').execute()
  return rows.map(view)
}

export async function getTax(db: CommerceDb, tenant: string, id: string): Promise<E.Either<ServiceError, Tax>> {
  const row = await db.selectFrom('commerce_taxes').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
  return row ? E.right(view(row)) : E.left(notFound('Tax not found.'))
}

async function nameTaken(db: CommerceDb, tenant: string, name: string, except?: string): Promise<boolean> {
  let q = db.selectFrom('commerce_taxes').select('id').where('tenant_id', '=', tenant).where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
  if (except) q = q.where('id', '!=', except)
  return Boolean(await q.executeTakeFirst())
}

export async function createTax(db: CommerceDb, tenant: string, organisationId: string | undefined, body: TaxBody, now: Date): Promise<E.Either<ServiceError, Tax>> {
  if (!rateOk(body.rate)) return E.left(invalid('Tax rate must be a whole percent between 0 and 100.'))
  if (await nameTaken(db, tenant, body.name)) return E.left(conflict('A tax with this name already exists.'))
  const archived = body.archived ?? false
  const row = await db
    .insertInto('commerce_taxes')
    .values({
      id: newId(),
      tenant_id: tenant,
      organisation_id: organisationId ?? null,
      name: body.name.trim(),
      rate: body.rate,
      archived,
      // archiving also deactivates
      inactive: archived || body.active === false,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return E.right(view(row))
}

export async function updateTax(db: CommerceDb, tenant: string, id: string, body: TaxUpdateBody, now: Date): Promise<E.Either<ServiceError, Tax>> {
  const current = await db.selectFrom('commerce_taxes').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
  if (!current) return E.left(notFound('Tax not found.'))
  if (body.rate !== undefined && !rateOk(body.rate)) return E.left(invalid('Tax rate must be a whole percent between 0 and 100.'))
  if (body.name !== undefined && (await nameTaken(db, tenant, body.name, id))) return E.left(conflict('A tax with this name already exists.'))
  const archived = body.archived ?? current.archived
  const inactive = archived ? true : body.active !== undefined ? !body.active : current.inactive
  const row = await db
    .updateTable('commerce_taxes')
    .set({ name: body.name?.trim() ?? current.name, rate: body.rate ?? current.rate, archived, inactive, updated_at: now })
    .where('id', '=', id)
    .where('tenant_id', '=', tenant)
    .returningAll()
    .executeTakeFirstOrThrow()
  return E.right(view(row))
}

/** Items using a tax: read from the catalogue (catalogue.repository.ts). */
export async function taxItems(
  db: CommerceDb,
  tenant: string,
  id: string,
  itemsOf: (db: CommerceDb, tenant: string, tax: Tax) => Promise<TaxedItem[]>,
): Promise<E.Either<ServiceError, TaxedItem[]>> {
  const tax = await getTax(db, tenant, id)
  if (E.isLeft(tax)) return tax
  return E.right(await itemsOf(db, tenant, tax.right))
}
