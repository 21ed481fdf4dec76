// `npm run dev`: builds with drafts into .cache/dev-dist (dist/ stays a
// production build), serves it with the functions, rebuilds on every change
// under content/ and src/, and reloads open pages (see src/app/document.ts).
import type { Response } from "express";
import { watch } from "node:fs";
import { join, resolve } from "node:path";
import { runBuild } from "../build/run-build";
import { createContactFunction } from "../functions/contact/app";
import { renderInvalidFormPage, type RenderInvalidForm } from "../functions/contact/form-pages";
import { isContentError } from "../src/content/content-error";
import { createContactFormRenderer } from "./contact-form-renderer";
import { createSiteApp } from "./site-app";

const root = process.cwd();
const contentDir = resolve("content");
const distDir = resolve(".cache/dev-dist");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const clients = new Set<Response>();
// Replaced after every rebuild, so an invalid no-JavaScript post gets the current contact page.
let renderInvalidForm: RenderInvalidForm = renderInvalidFormPage;

async function rebuild(reason: string) {
  const started = Date.now();
  try {
    const summary = await runBuild({ root, contentDir, outDir: distDir, mode: "development" });
    renderInvalidForm = await createContactFormRenderer(distDir, { reload: true });
    console.log(`${reason}: rebuilt in ${Date.now() - started} ms (${summary.totalPages - summary.reusedPages} of ${summary.totalPages} pages rendered)`);
    for (const res of clients) res.write("event: reload\ndata: now\n\n");
  } catch (err) {
    // Keep serving the last good build; the owner sees exactly what to fix.
    console.error(`${reason}: build failed, still serving the last good build.\n${isContentError(err) ? err.message : String(err)}`);
  }
}

await rebuild("start");
const contact = await createContactFunction(process.env, {
  siteFile: join(contentDir, "site.json"),
  renderInvalidForm: (values, errors) => renderInvalidForm(values, errors),
});
const events = (req: import("express").Request, res: Response, next: () => void) => {
  if (req.path !== "/__dev/events") return next();
  res.set({ "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" }).flushHeaders();
  clients.add(res);
  req.on("close", () => clients.delete(res));
};
createSiteApp({ distDir, contact: contact.app, before: [events] }).listen(port, host, () => console.log(`Dev server on http://${host}:${port}/ (drafts shown)`));

// Changes come in bursts (an editor saves several files): one rebuild per burst, never two at once.
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();
const changed = (what: string) => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    running = running.then(() => rebuild(`${what} changed`));
  }, 150);
};
for (const dir of ["content", "src"]) watch(resolve(dir), { recursive: true }, (_event, file) => changed(join(dir, String(file ?? ""))));
