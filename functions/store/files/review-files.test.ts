import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { reviewInputSchema } from "../../../src/content/review";
import { makeTempDir, recordingLogger } from "../../../tests/test-support";
import type { Store } from "../store";
import { DECISIONS_FILE, REVIEWS_FILE } from "./file-names";
import { createFilesStore } from "./files-store";

const review = (n: number) => z.parse(reviewInputSchema, { name: `Reviewer ${n}`, location: "Irmo, SC", rating: 5, text: `Careful crew, review number ${n}.` });

// The files store reads reviews.jsonl and review-decisions.jsonl once and then only what was appended
// (review-files.ts reviewIndex). What it must still see: another process's lines, and a file put back.
describe("files store: the reviews as read so far", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const open: Store[] = [];
  const store = async () => {
    const opened = await createFilesStore({ dataDir: dir, logger: recordingLogger() });
    open.push(opened);
    return opened;
  };
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(async () => {
    for (const opened of open.splice(0)) await opened.close();
    await cleanup();
  });

  it("sees the reviews and decisions another process appends (npm run reviews decides from the shell)", async () => {
    const server = await store();
    const shell = await store();
    const a = await server.reviews.add(review(1));
    expect((await server.reviews.list()).map((r) => r.state)).toEqual(["pending"]);
    expect(await shell.reviews.decide({ id: a.id, approved: true, via: "link", by: "owner@example.com", token: "from-the-shell" })).toMatchObject({ ok: true });
    const b = await shell.reviews.add(review(2));
    expect(await server.reviews.get(a.id)).toMatchObject({ state: "approved", decision: { via: "link" } });
    expect((await server.reviews.list()).map((r) => r.id)).toEqual([b.id, a.id]);
    expect(await server.reviews.linkUse("from-the-shell")).toMatchObject({ id: a.id, approved: true });
    expect(await server.reviews.decide({ id: a.id, approved: false, via: "link", by: "owner@example.com", token: "from-the-shell" })).toMatchObject({ ok: false, problem: "link-used" });
  });

  it("reads a file again whole when it is put back from a backup: shorter, or another file at its name", async () => {
    const server = await store();
    const [a, b, c] = [await server.reviews.add(review(1)), await server.reviews.add(review(2)), await server.reviews.add(review(3))];
    await server.reviews.decide({ id: a.id, approved: true, via: "desk", by: "owner@example.com" });
    expect(await server.reviews.list()).toHaveLength(3);
    const reviewsFile = path.join(dir, REVIEWS_FILE);
    const lines = (await readFile(reviewsFile, "utf8")).split("\n").filter(Boolean);

    // The same file, cut back to its first review (and that review's decision gone too).
    await writeFile(reviewsFile, `${lines[0]}\n`);
    await writeFile(path.join(dir, DECISIONS_FILE), "");
    expect((await server.reviews.list()).map((r) => [r.id, r.state])).toEqual([[a.id, "pending"]]);

    // Another file renamed over it, longer than what was read: read from its start, not from where the old one ended.
    const swapped = `${lines[2]}\n${lines[1]}\n`;
    await writeFile(`${reviewsFile}.restore`, swapped);
    await rename(`${reviewsFile}.restore`, reviewsFile);
    expect((await server.reviews.list()).map((r) => r.id).sort()).toEqual([b.id, c.id].sort());
  });
});
