// `npm run dev [-- --content DIR --out DIR]`: builds with drafts into
// .cache/dev-dist (dist/ stays a production build), serves it with the
// functions, rebuilds on every change under the content folder and src/, and
// reloads open pages (see src/app/document.ts). PORT=0 picks a free port.
import type { Response } from "express";
import { watch } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runBuild } from "../build/run-build";
import { createContactFunction } from "../functions/contact/app";
import { createLimitedServer } from "../functions/http/server-limits";
import { renderInvalidFormPage, type RenderInvalidForm } from "../functions/contact/form-pages";
import { isContentError } from "../src/content/content-error";
import { liveReload } from "../src/app/live-reload";
import { createContactFormRenderer } from "./contact-form-renderer";
import { createSiteApp } from "./site-app";

const { values: args } = parseArgs({ options: { content: { type: "string", default: "content" }, out: { type: "string", default: ".cache/dev-dist" } } });
const root = process.cwd();
const contentDir = resolve(args.content);
const distDir = resolve(args.out);
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
  if (req.path === liveReload.scriptPath) return void res.type("js").set("Cache-Control", "no-cache").send(liveReload.script);
  if (req.path !== liveReload.eventsPath) return next();
  res.set({ "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" }).flushHeaders();
  clients.add(res);
  req.on("close", () => clients.delete(res));
};
const site = createSiteApp({ distDir, contact: contact.app, before: [events], trustProxy: contact.trustProxy });
const server = createLimitedServer(site, { behindProxy: contact.trustProxy !== false }).listen(port, host, () => {
  const { port: bound } = server.address() as AddressInfo;
  console.log(`Dev server on http://${host}:${bound}/ (drafts shown)`);
});

// Changes come in bursts (an editor saves several files): one rebuild per burst, never two at once.
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();
const changed = (what: string) => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    running = running.then(() => rebuild(`${relative(root, what)} changed`));
  }, 150);
};
for (const dir of [contentDir, resolve("src")]) watch(dir, { recursive: true }, (_event, file) => changed(join(dir, String(file ?? ""))));
