import { PGlite } from '@electric-sql/pglite'
import { readFileSync, readdirSync } from 'node:fs'
const dir = 'node_modules/.cache/clinic-server-tests'
const f = readdirSync(dir).find((x) => x.endsWith('.tar'))!
console.log(f)
const lite = await PGlite.create({ loadDataDir: new Blob([readFileSync(`${dir}/${f}`)]) })
console.log((await lite.query(`select name from kysely_migration order by name`)).rows)
