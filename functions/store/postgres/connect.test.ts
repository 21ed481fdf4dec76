// A server's PostgreSQL store that starts before its database can be used (connect.ts), on a
// real cluster stopped and started by the test: what it answers meanwhile, and what stops it.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startCluster, withClient, type TestCluster } from "../../../tests/postgres-cluster";
import { recordingLogger, validInput } from "../../../tests/test-support";
import { StoreFormatError, StoreUnavailableError } from "../store-errors";
import { readMigrations } from "./migrate";
import { createPostgresStore } from "./postgres-store";

let cluster: TestCluster;
beforeAll(async () => void (cluster = await startCluster()), 60_000);
afterAll(() => cluster?.remove());

it("answers StoreUnavailableError until the database is up, says so once, then migrates and stores", async () => {
  const url = await cluster.createDatabase();
  await cluster.stop();
  const logger = recordingLogger();
  const store = await createPostgresStore({ url, logger, keepTrying: true, retryMs: [50, 100] });
  try {
    await expect(store.messages.add(validInput)).rejects.toBeInstanceOf(StoreUnavailableError);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logger.errors).toEqual([expect.stringMatching(/^store: cannot reach the database 127\.0\.0\.1:\d+\/\w+ \(ECONNREFUSED/)]);
    await cluster.start();
    await store.ready;
    const stored = await store.messages.add(validInput);
    expect((await store.messages.all("inbox")).map((message) => message.id)).toEqual([stored.id]);
    const applied = (await readMigrations()).map((m) => m.name).join(", ");
    expect(logger.warnings).toEqual([expect.stringMatching(/answers now, after \d+ s; applied .*; posts are stored again$/)]);
    expect(logger.warnings[0]).toContain(`; applied ${applied}; posts are stored again`);
  } finally {
    await store.close();
  }
}, 60_000);

it("stops trying, and rejects `ready`, when the database it finds is of a newer schema", async () => {
  const url = await cluster.createDatabase();
  await (await createPostgresStore({ url, logger: recordingLogger() })).close();
  await withClient(url, (client) => client.query("INSERT INTO schema_migrations (version, name) VALUES (999, '999-newer.sql')"));
  await cluster.stop();
  const store = await createPostgresStore({ url, logger: recordingLogger(), keepTrying: true, retryMs: [50] });
  try {
    await cluster.start();
    await expect(store.ready).rejects.toBeInstanceOf(StoreFormatError);
    await expect(store.messages.add(validInput)).rejects.toBeInstanceOf(StoreUnavailableError);
  } finally {
    await store.close();
  }
}, 60_000);

it("says a wrong password is to be corrected, never showing it, and stores once the database takes it", async () => {
  const url = await cluster.createDatabase();
  const database = new URL(url).pathname.slice(1);
  const right = await cluster.createPasswordRole(`owner_${database}`, "s3cret-right", database);
  const wrong = right.replace("s3cret-right", "s3cret-typo");
  const logger = recordingLogger();
  const store = await createPostgresStore({ url: wrong, logger, keepTrying: true, retryMs: [50] });
  try {
    await expect(store.messages.add(validInput)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect.poll(() => logger.errors.length).toBeGreaterThan(0);
    expect(logger.errors[0]).toMatch(
      /^store: the database 127\.0\.0\.1:\d+\/\w+ refuses this server \(28P01: password authentication failed for user "owner_\w+"\); retrying alone will not fix this: correct the user or password in DATABASE_URL, or the database's/,
    );
    expect(JSON.stringify([logger.errors, logger.warnings])).not.toContain("s3cret");
    // Fixed on the database's side: the store picks it up at its next try, without a restart.
    await withClient(right, (client) => client.query(`ALTER ROLE CURRENT_USER PASSWORD 's3cret-typo'`));
    await store.ready;
    const stored = await store.messages.add(validInput);
    expect((await store.messages.all("inbox")).map((message) => message.id)).toEqual([stored.id]);
  } finally {
    await store.close();
  }
}, 60_000);

it("closes at once while it is still waiting for the database", async () => {
  await cluster.stop();
  try {
    const store = await createPostgresStore({ url: `${cluster.baseUrl}postgres`, logger: recordingLogger(), keepTrying: true, retryMs: [60_000] });
    const started = Date.now();
    await store.close();
    expect(Date.now() - started).toBeLessThan(1_000);
  } finally {
    await cluster.start();
  }
});
