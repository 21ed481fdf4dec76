import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, storedMessages, validInput, waitFor } from "../../tests/test-support";
import { signInToDesk } from "../../scripts/audit/desk-sign-in";

const serverFile = path.resolve(import.meta.dirname, "server.ts");

let dir: string;
let cleanup: () => Promise<void>;
let child: ChildProcess | undefined;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = undefined;
  await cleanup();
});

/** Starts `functions/contact/server.ts` in its own process (node --import tsx, so the pid is the server's). */
async function startServer(env: Record<string, string> = {}): Promise<{ url: string; process: ChildProcess; output: () => string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", serverFile], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", CONTACT_RATE_LIMIT: "0", SMTP_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  let output = "";
  proc.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(() => /listening on http:\/\/[\d.]+:\d+/.test(output) || proc.exitCode !== null, 20_000, "the server to listen");
  const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
  if (!url) throw new Error(`server did not start:\n${output}`);
  return { url, process: proc, output: () => output };
}

const post = (url: string, n: number) =>
  fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...validInput, name: `Visitor ${n}` }),
  });

describe("functions/contact/server.ts", () => {
  it("keeps every post it answered 201 when killed with SIGKILL mid-burst", async () => {
    const server = await startServer();
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;

    // Eight clients post back to back; the server is killed once 150 posts are acknowledged.
    const client = async (): Promise<void> => {
      while (!killed) {
        const n = sent++;
        try {
          const res = await post(server.url, n);
          if (res.status === 201) acknowledged.push((await res.json()).id);
        } catch {
          return; // the connection died with the server
        }
        if (acknowledged.length >= 150 && !killed) {
          killed = true;
          server.process.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    await waitFor(() => server.process.signalCode !== null, 5_000, "the server to die");

    const ids = new Set((await storedMessages(dir)).map((s) => s.id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  });

  it("serves the owner's desk, which says that changing the business details needs npm start", async () => {
    const server = await startServer({ OWNER_EMAILS: "owner@example.com" });
    const signIn = await fetch(`${server.url}/owner`);
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain("Send sign-in code");
    // Without SMTP_URL the sign-in email is an .eml file in DATA_DIR/mail, as every email is.
    const cookie = await signInToDesk(server.url, path.join(dir, "mail"), "owner@example.com");
    const business = await fetch(`${server.url}/owner/business`, { headers: { cookie } });
    expect(business.status).toBe(200);
    expect(await business.text()).toContain("Here the site is built somewhere else");
  });

  it("shuts down cleanly on SIGTERM", async () => {
    const server = await startServer();
    expect((await post(server.url, 1)).status).toBe(201);
    server.process.kill("SIGTERM");
    await waitFor(() => server.process.exitCode !== null, 10_000, "a clean exit");
    expect(server.process.exitCode).toBe(0);
    expect(server.output()).toMatch(/SIGTERM/);
  });
});
