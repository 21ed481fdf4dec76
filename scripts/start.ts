// `npm start`: builds the site, then serves dist/ and the functions in one process.
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { runBuild } from "../build/run-build";
import { formatSummary } from "../build/summary";
import { createContactFunction } from "../functions/contact/app";
import { createLimitedServer } from "../functions/http/server-limits";
import { isContentError } from "../src/content/content-error";
import { createContactFormRenderer } from "./contact-form-renderer";
import { createSiteApp } from "./site-app";

const contentDir = resolve("content");
const distDir = resolve("dist");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

try {
  console.log(formatSummary(await runBuild({ root: process.cwd(), contentDir, outDir: distDir, mode: "production" })));
} catch (err) {
  console.error(isContentError(err) ? `Build failed:\n${err.message}` : err);
  process.exit(1);
}

const contact = await createContactFunction(process.env, {
  siteFile: join(contentDir, "site.json"),
  renderInvalidForm: await createContactFormRenderer(distDir),
});
const app = createSiteApp({ distDir, contact: contact.app, trustProxy: contact.trustProxy });
const server = createLimitedServer(app, { behindProxy: contact.trustProxy !== false }).listen(port, host, () => {
  // PORT=0 asks for any free port; print the one we got.
  const { port: bound } = server.address() as AddressInfo;
  console.log(`Serving http://${host}:${bound}/ (contact messages in ${contact.dataDir})`);
});

const stop = () => {
  server.close(async () => {
    await contact.close();
    process.exit(0);
  });
  // Keep-alive connections would hold close() open until they time out.
  server.closeIdleConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
