// `npx tsx scripts/bench-messages.ts [COUNT]`: the owner's desk reading messages from the files
// store with COUNT (default 100,000) stored, as the desk asks for them: the first page (target:
// under 200 ms, docs/performance.md), the next page, "not handled" (1 message in 100 is not;
// the first time and again), a search by name and one by phone digits, and one old message by
// id; then the desk's Messages screen as the owner's phone gets it (GET /owner/messages over HTTP,
// signed in, rendered: the first request after the store was opened, and the next one). Each
// figure is the median of RUNS (default 5) runs, each on a store opened afresh as the server
// opens it after a restart. `npm run bench` runs it too.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { createDeskApp } from "../functions/desk/desk-app";
import { newToken, tokenHash } from "../functions/desk/secrets";
import { loadSite } from "../src/content/load-content";
import { deskPath } from "../src/desk/desk-routes";
import { deskRenderer } from "./build-engine/desk-bundle";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createFilesStore } from "../functions/store/files/files-store";
import { MESSAGE_EVENTS_FILE, OUTBOX_FILE, REVIEWS_FILE, SUBMISSIONS_FILE } from "../functions/store/files/file-names";
import type { MessageQuery } from "../functions/store/message-store";
import type { Submission } from "../functions/store/records";
import { median } from "./bench-contact";

export interface MessageListFigures {
  count: number;
  bytes: number;
  /** Median milliseconds per query. */
  ms: Record<"firstPage" | "nextPage" | "notHandled" | "notHandledAgain" | "searchName" | "searchPhone" | "oldestById" | "deskScreen" | "deskScreenAgain", number>;
}

const OWNER = "owner@example.com";
const quiet = { warn: () => undefined, error: () => undefined };

const towns = ["Chapin", "Irmo", "Lexington", "Ballentine", "Prosperity", "Little Mountain"];

/** COUNT messages as the store writes them, one in 100 not handled, one in 10,000 from an O'Hara. */
async function seed(dataDir: string, count: number): Promise<{ bytes: number; oldest: string }> {
  const lines: string[] = [];
  const events: string[] = [];
  const start = Date.UTC(2020, 0, 1);
  let oldest = "";
  for (let n = 0; n < count; n++) {
    const createdAt = new Date(start + n * 30 * 60_000).toISOString();
    const message: Submission = {
      id: randomUUID(),
      name: n % 10_000 === 7 ? `Ann O'Hara ${n}` : `Visitor ${n}`,
      email: `visitor${n}@example.com`,
      phone: `(803) 555-${String(n % 10_000).padStart(4, "0")}`,
      serviceType: "tree-trimming",
      message: `The big oak by the driveway in ${towns[n % towns.length]} leans after the storm. `.repeat(1 + (n % 5)),
      createdAt,
      landingPage: "/services/tree-removal",
      referrer: "https://www.google.com/",
    };
    if (n === 0) oldest = message.id;
    lines.push(JSON.stringify(message));
    if (n % 100 !== 50) events.push(JSON.stringify({ id: message.id, handled: true, by: "owner@example.com", at: createdAt }));
  }
  const text = `${lines.join("\n")}\n`;
  await writeFile(path.join(dataDir, SUBMISSIONS_FILE), text);
  await writeFile(path.join(dataDir, MESSAGE_EVENTS_FILE), `${events.join("\n")}\n`);
  // Every one mailed: the outbox's watermark covers the whole file, as after the server's last start.
  const at = new Date().toISOString();
  const marks = [
    { event: "watermark", at, file: SUBMISSIONS_FILE, offset: Buffer.byteLength(text) },
    { event: "watermark", at, file: REVIEWS_FILE, offset: 0 },
  ];
  await writeFile(path.join(dataDir, OUTBOX_FILE), marks.map((mark) => `${JSON.stringify(mark)}\n`).join(""));
  return { bytes: Buffer.byteLength(text), oldest };
}

export async function benchMessages(count: number, runs: number, log: (line: string) => void): Promise<MessageListFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-messages-"));
  try {
    const { bytes, oldest } = await seed(dataDir, count);
    const samples: Record<keyof MessageListFigures["ms"], number[]> = {
      firstPage: [],
      nextPage: [],
      notHandled: [],
      notHandledAgain: [],
      searchName: [],
      searchPhone: [],
      oldestById: [],
      deskScreen: [],
      deskScreenAgain: [],
    };
    const renderer = deskRenderer(process.cwd());
    await renderer();
    const site = await loadSite(path.resolve("content"), {});
    for (let run = 1; run <= runs; run++) {
      // Opened as the server opens it (the outbox replays only what is past its watermark); the desk asks after.
      const store = await createFilesStore({ dataDir });
      await store.outbox.open();
      const time = async (what: keyof MessageListFigures["ms"], query: () => Promise<unknown>) => {
        const started = performance.now();
        const result = await query();
        samples[what].push(performance.now() - started);
        return result;
      };
      const list = (query: MessageQuery) => store.messages.list(query);
      const first = await time("firstPage", () => list({ limit: 20 }));
      const next = typeof first === "object" && first !== null && "next" in first && typeof first.next === "string" ? first.next : undefined;
      await time("nextPage", () => list({ limit: 20, cursor: next }));
      // The first filter by it reads every handled event once; the store keeps them.
      await time("notHandled", () => list({ limit: 20, handled: false }));
      await time("notHandledAgain", () => list({ limit: 20, handled: false }));
      await time("searchName", () => list({ limit: 20, search: "o'hara" }));
      await time("searchPhone", () => list({ limit: 20, search: "555-0007" }));
      await time("oldestById", () => store.messages.get(oldest));
      await store.close();

      // The screen: a store opened afresh, a signed-in owner's session, the desk app as the servers mount it.
      const screenStore = await createFilesStore({ dataDir });
      await screenStore.outbox.open();
      const token = newToken();
      const now = Date.now();
      await screenStore.desk.addSession({ idHash: tokenHash(token), email: OWNER, via: "code", createdAt: new Date(now).toISOString(), expiresAt: new Date(now + 3_600_000).toISOString() });
      const app = express().use(
        createDeskApp({ store: screenStore, renderer, contentDir: path.resolve("content"), site, env: { OWNER_EMAILS: OWNER }, logger: quiet }),
      );
      const server = app.listen(0, "127.0.0.1");
      await new Promise((ok) => server.once("listening", ok));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${deskPath.messages}`;
      const screen = async () => {
        const answer = await fetch(url, { headers: { cookie: `desk-session=${token}` } });
        const html = await answer.text();
        if (answer.status !== 200 || !html.includes(`Visitor ${count - 1}<`)) throw new Error(`the Messages screen answered ${answer.status} without the newest message`);
      };
      await time("deskScreen", screen);
      await time("deskScreenAgain", screen);
      await new Promise((ok) => server.close(ok));
      await screenStore.close();
      log(`messages run ${run}/${runs}: ${Object.entries(samples).map(([what, ms]) => `${what} ${ms.at(-1)?.toFixed(1)} ms`).join(", ")}`);
    }
    const ms = Object.fromEntries(Object.entries(samples).map(([what, values]) => [what, median(values)])) as MessageListFigures["ms"];
    return { count, bytes, ms };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function describeMessageFigures(f: MessageListFigures): string {
  const { ms } = f;
  return (
    `first page ${ms.firstPage.toFixed(1)} ms, next page ${ms.nextPage.toFixed(1)} ms, not handled ${ms.notHandled.toFixed(0)} ms (again ${ms.notHandledAgain.toFixed(1)} ms), ` +
    `search by name ${ms.searchName.toFixed(0)} ms, by phone ${ms.searchPhone.toFixed(0)} ms, the oldest by id ${ms.oldestById.toFixed(0)} ms; ` +
    `the desk's Messages screen over HTTP ${ms.deskScreen.toFixed(1)} ms (again ${ms.deskScreenAgain.toFixed(1)} ms)`
  );
}

if (import.meta.filename === process.argv[1]) {
  const count = Number(process.argv[2] || 100_000);
  const runs = Number(process.env.RUNS || 5);
  const figures = await benchMessages(count, runs, console.log);
  console.log(`messages: ${count.toLocaleString("en-US")} stored (${(figures.bytes / 1e6).toFixed(0)} MB of JSON lines), medians of ${runs}: ${describeMessageFigures(figures)}`);
}
