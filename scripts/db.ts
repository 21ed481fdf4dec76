// `npm run db -- migrate`: applies the PostgreSQL schema migrations the database named by
// DATABASE_URL lacks (functions/store/postgres/migrations/). Every start does the same; this is
// for a deploy that migrates before it starts the instances. Safe while instances run.
import { migrateDatabase } from "../functions/store/postgres/postgres-store";

const [command] = process.argv.slice(2);
const url = process.env.DATABASE_URL?.trim();

if (command !== "migrate") {
  console.error("Usage: npm run db -- migrate   (with DATABASE_URL=postgres://... set)");
  process.exit(2);
}
if (!url) {
  console.error("DATABASE_URL is not set: the site keeps everything in JSON-lines files in DATA_DIR, which need no migrations.");
  process.exit(2);
}
try {
  const { applied, where } = await migrateDatabase(url);
  console.log(applied.length === 0 ? `The database ${where} is up to date.` : `Applied to ${where}: ${applied.join(", ")}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
