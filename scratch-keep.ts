import { sql } from 'kysely'
import { throwawayDatabase } from './server/test-support/server-process'
import { migrate, openDatabase } from './server/db/database'
import { seedReference, TENANT, fillAppointments } from './bench/lib/pg-tenant'
const d = await throwawayDatabase('keep')
const database = await openDatabase({ databaseUrl: d.url, poolSize: 1 })
await migrate(database.db)
const big = await seedReference(database.db)
await fillAppointments(database.db, big, 50000, new Date(Date.now()-45*864e5).toISOString().slice(0,7))
await sql`INSERT INTO customers (id, tenant_id, email, password_hash, first_name, surname)
    SELECT 'bulk' || lpad(g::text, 20, '0'), ${TENANT}, 'bulk' || g || '@example.com', 'x', 'Bulk', 'Customer' FROM generate_series(1, 3000) g`.execute(database.db)
await sql`ANALYZE`.execute(database.db)
console.log(JSON.stringify({ url: d.url, big }))
await database.close()
