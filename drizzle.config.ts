import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes SQL migrations from the schema; `--custom` makes an empty one
// for what drizzle-kit cannot express (roles, grants, FORCE ROW LEVEL SECURITY).
// No credentials here: migrations are applied by openDatabase (server/db/database.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});
