/** Kysely row types of the desk's own table (migrations/0120-customer-notes.migration.ts). */
import type { Generated, Kysely } from 'kysely'
import type { AllTables, Db } from '../db/schema'

export type CustomerNotesTable = {
  id: string
  tenant_id: string
  customer_id: string
  staff_id: string
  author: string
  text: string
  created_at: Generated<Date>
}

export type DeskExtra = { customer_notes: CustomerNotesTable }

/** The same handle with the notes table typed (kysely's withTables). */
export type NotesDb = Kysely<AllTables & DeskExtra>
export const notesDb = (db: Db): NotesDb => db.withTables<DeskExtra>()
