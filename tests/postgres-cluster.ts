// A real PostgreSQL server for the tests: a throw-away cluster (initdb) in a temp folder,
// listening on a free loopback port and on a socket in that folder, removed afterwards.
// The binaries are Debian's (scripts/test-parts.ts `postgresql`; `npm test` installs them).
// PostgreSQL refuses to run as root, so as root the cluster belongs to `nobody` (every Linux has
// it; no account of a package is assumed) and its programs run as that user. The database's own
// superuser is `postgres` whoever runs it.
import { execFile, type ExecFileOptions } from "node:child_process";
import { chown, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { installedPath, postgresql } from "../scripts/test-parts";

const run = promisify(execFile);

export interface TestCluster {
  /** postgres://postgres@127.0.0.1:PORT/ of the cluster; add a database name. */
  readonly baseUrl: string;
  readonly port: number;
  /** A new, empty database; its URL. */
  createDatabase(name?: string): Promise<string>;
  dropDatabase(url: string): Promise<void>;
  /**
   * A role that must give `password` over TCP (SCRAM), as production databases ask; the rest
   * of the cluster stays trust. Its URL, with the password.
   */
  createPasswordRole(name: string, password: string, database: string): Promise<string>;
  /** Stops the server at once (`pg_ctl stop -m immediate`: as a crash or a pulled plug). */
  stop(): Promise<void>;
  /** Starts it again on the same port, after `stop`. */
  start(): Promise<void>;
  /** Stops the server and removes the cluster's folder. */
  remove(): Promise<void>;
}

/** The account the cluster's programs run as: `nobody` when this runs as root, else this user. */
async function clusterUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const { stdout: uid } = await run("id", ["-u", "nobody"]);
  const { stdout: gid } = await run("id", ["-g", "nobody"]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let databases = 0;

export async function startCluster(): Promise<TestCluster> {
  const bin = path.dirname(installedPath(postgresql));
  const user = await clusterUser();
  const dir = await mkdtemp(path.join(tmpdir(), "pg-test-"));
  if (user) await chown(dir, user.uid, user.gid);
  const data = path.join(dir, "data");
  const options: ExecFileOptions = { ...(user ?? {}), cwd: dir, env: { PATH: process.env.PATH ?? "", LANG: "C.UTF-8" } };
  const tool = (name: string, args: string[]) => run(path.join(bin, name), args, options);
  const port = await freePort();
  const role = "postgres";

  // --no-sync only spares initdb's own fsync of the template files; the server keeps fsync and
  // synchronous_commit on, as in production.
  await tool("initdb", ["-D", data, "-U", role, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const settings = [`-c listen_addresses=127.0.0.1`, `-p ${port}`, `-k ${dir}`, `-c max_connections=200`].join(" ");
  const start = async () => void (await tool("pg_ctl", ["start", "-w", "-t", "60", "-D", data, "-l", path.join(dir, "server.log"), "-o", settings]));
  const stop = async () => void (await tool("pg_ctl", ["stop", "-w", "-m", "immediate", "-D", data]).catch(() => undefined));
  await start();

  const baseUrl = `postgres://${role}@127.0.0.1:${port}/`;
  const admin = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => withClient(`${baseUrl}postgres`, work);

  return {
    baseUrl,
    port,
    async createDatabase(name = `test_${process.pid}_${++databases}`) {
      await admin((client) => client.query(`CREATE DATABASE "${name}"`));
      return `${baseUrl}${name}`;
    },
    async dropDatabase(url) {
      const name = new URL(url).pathname.slice(1);
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
    async createPasswordRole(name, password, database) {
      await admin((client) => client.query(`CREATE ROLE "${name}" LOGIN PASSWORD '${password.replaceAll("'", "''")}'; GRANT ALL ON DATABASE "${database}" TO "${name}"`));
      await admin((client) => client.query(`ALTER DATABASE "${database}" OWNER TO "${name}"`));
      // The first line that matches a connection decides: this one goes before the trust lines.
      const hba = path.join(data, "pg_hba.conf");
      await writeFile(hba, `host all "${name}" 127.0.0.1/32 scram-sha-256\n${await readFile(hba, "utf8")}`);
      await admin((client) => client.query("SELECT pg_reload_conf()"));
      return `postgres://${name}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    },
    stop,
    start,
    async remove() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `work` on a connection of its own to `url`, then closes it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The ids of the inbox messages in the database at `url`, as the tests check what was stored. */
export const storedMessageIds = (url: string): Promise<string[]> =>
  withClient(url, async (client) => (await client.query<{ id: string }>("SELECT id FROM messages WHERE box = 'inbox'")).rows.map((row) => row.id));
