import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startSmtpPeer, type SmtpPeer } from "./test-support";

// The README's commands run as written (`npm run dev`, `npm start`, `npm run new-post`)
// read and write content/, dist/ and data/ of the folder they run in. Tests run them in
// a copy of this checkout as a fresh clone has it (no build output, no cache, no data),
// sharing node_modules, so the real content/ is never touched.

/** Folders a clone does not have, or that the commands make. */
const leftOut = new Set(["node_modules", ".git", "dist", ".cache", "data", "test-results"]);

export interface RepoCopy {
  dir: string;
  remove: () => Promise<void>;
}

export async function copyRepo(prefix: string): Promise<RepoCopy> {
  const from = resolve(".");
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  await cp(from, dir, {
    recursive: true,
    filter: (src) => {
      if (src === from) return true;
      const top = src.slice(from.length + 1).split("/")[0] ?? "";
      // dist.* and .dist.tmp-*: output folders a build is swapping in or discarding.
      return !leftOut.has(top) && !top.startsWith("dist.") && !top.includes(".tmp-");
    },
  });
  await symlink(join(from, "node_modules"), join(dir, "node_modules"), "dir");
  // Retried: a server just stopped under npm may still be finishing a write into the copy.
  return { dir, remove: () => rm(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 }) };
}

export interface RunningCommand {
  child: ChildProcess;
  /** Everything the command printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves when the output (from character `since` on) matches, with the match; rejects if the command exits first. */
  waitFor: (pattern: RegExp, timeoutMs?: number, since?: number) => Promise<RegExpMatchArray>;
  /** SIGTERM to npm and everything under it. */
  stop: () => Promise<void>;
}

/** `npm <args>` in `cwd`, in its own process group so the test can stop npm and its children. */
export function runNpm(args: string[], cwd: string, env: Record<string, string> = {}): RunningCommand {
  const child = spawn("npm", args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let out = "";
  const listeners = new Set<() => void>();
  const read = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
  const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
  return {
    child,
    output: () => out,
    waitFor: (pattern, timeoutMs = 120_000, since = 0) =>
      new Promise((ok, fail) => {
        const check = () => {
          const m = out.slice(since).match(pattern);
          if (m) done(() => ok(m));
        };
        const onExit = () => done(() => fail(new Error(`npm ${args.join(" ")} exited (${child.exitCode}) before printing ${pattern}:\n${out}`)));
        const timer = setTimeout(() => done(() => fail(new Error(`no ${pattern} after ${timeoutMs} ms:\n${out}`))), timeoutMs);
        const done = (then: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off("exit", onExit);
          then();
        };
        listeners.add(check);
        child.once("exit", onExit);
        check();
        if (child.exitCode !== null) onExit();
      }),
    stop: async () => {
      if (child.pid && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // Already gone.
        }
        await exited;
      }
    },
  };
}

export interface ServedCopy {
  repo: RepoCopy;
  start: RunningCommand;
  /** The SMTP peer the copy's SMTP_URL points at: every email it sends. */
  mail: SmtpPeer;
  baseUrl: string;
  close: () => Promise<void>;
}

/**
 * `npm start` as the README writes it, in a fresh copy of the checkout, with its data in the copy's
 * data/ and its email going to a real SMTP peer: the owner's side as the owner meets it.
 */
export async function serveCopy(prefix: string, env: Record<string, string> = {}): Promise<ServedCopy> {
  const mail = await startSmtpPeer();
  const repo = await copyRepo(prefix);
  const start = runNpm(["start"], repo.dir, { PORT: "0", DATA_DIR: join(repo.dir, "data"), SMTP_URL: mail.url, ...env });
  const close = async () => {
    await start.stop();
    await mail.close();
    await repo.remove();
  };
  try {
    const baseUrl = (await start.waitFor(/Serving (http:\/\/\S+?)\/? /, 180_000))[1] ?? "";
    return { repo, start, mail, baseUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}
