import { createHash } from "node:crypto";
import { createServer, type Server } from "node:net";
import { resolve } from "node:path";

// One build at a time into an output folder, across processes: two `npm start` in one checkout
// (README "Several instances": each publishes, both watch content/), or `npm run build` by hand
// while `npm start` runs. Two builds into one dist/ at once each read the previous build's
// record, then commit over each other (an update's renames into a folder the other swapped out).
//
// The lock is a Unix socket in Linux's abstract namespace, named after the folder: binding it
// is atomic (the second gets EADDRINUSE) and the kernel lets it go when its process ends, by
// SIGKILL too, so there is no lock file to find stale, no process id to check. It is per
// machine (per network namespace), as the folder is. Where there is no abstract namespace
// (not Linux), builds in one process still take turns, and nothing is locked across processes.

const RETRY_MS = 100;

/** The socket's name: a hash of the folder's absolute path ("\0" + 107 bytes at most). */
const lockName = (outDir: string) => `\0cedar-ridge-build/${createHash("sha256").update(resolve(outDir)).digest("hex")}`;

const held = new Map<string, Promise<void>>();

/**
 * Waits until no other build writes into `outDir`, then holds it until the returned function
 * is called. `onWait` is called once if it has to wait.
 */
export async function lockOutput(outDir: string, onWait: () => void = () => {}): Promise<() => Promise<void>> {
  const name = lockName(outDir);
  // Builds of this process into the same folder queue here first.
  const before = held.get(name) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((ok) => (release = ok));
  const chain = before.then(() => mine);
  held.set(name, chain);
  await before;
  let waited = false;
  let server: Server | undefined;
  while (!server) {
    const bound = await bind(name);
    if (bound === "unsupported") break;
    if (bound !== "in use") {
      server = bound;
      break;
    }
    if (!waited) onWait();
    waited = true;
    await new Promise((ok) => setTimeout(ok, RETRY_MS + Math.random() * RETRY_MS));
  }
  return async () => {
    if (server) await new Promise<void>((ok) => server.close(() => ok()));
    if (held.get(name) === chain) held.delete(name);
    release();
  };
}

function bind(name: string): Promise<Server | "in use" | "unsupported"> {
  if (process.platform !== "linux") return Promise.resolve("unsupported");
  return new Promise((ok) => {
    const server = createServer((socket) => socket.destroy());
    server.once("error", (error: NodeJS.ErrnoException) => ok(error.code === "EADDRINUSE" ? "in use" : "unsupported"));
    server.listen({ path: name }, () => {
      // A lock, not a service: it keeps no process alive.
      server.unref();
      ok(server);
    });
  });
}
