// Runs only the contact function, for a deploy where a static host serves dist/
// and forwards /api/contact here: `tsx functions/contact/server.ts`.
// `npm start` mounts the same app next to the site instead.
// The owner's desk (/owner) runs here too, without publishing: this server does not build the site.
import type { AddressInfo } from "node:net";
import { deskRenderer } from "../../scripts/build-engine/desk-bundle";
import { createLimitedServer } from "../http/server-limits";
import { serverStore } from "../store/create-store";
import { createContactFunction } from "./app";

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "127.0.0.1";

const desk = deskRenderer(process.cwd());
// A database that cannot be reached yet is waited for: the desk is served meanwhile, posts answered 503.
const store = await serverStore(process.env, { label: "contact function: " });
const contact = await createContactFunction(process.env, { store, desk: { renderer: desk } }).catch((error: unknown) => {
  // A bad site.json, DATA_DIR or CONTACT_RATE_LIMIT: say which, without a stack trace.
  console.error(`contact function: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const server = createLimitedServer(contact.app, { behindProxy: contact.trustProxy !== false });
server.once("error", (error) => {
  console.error(`contact function: could not listen on ${host}:${port}:`, error.message);
  process.exit(1);
});
server.listen(port, host, () => {
  const address: AddressInfo | string | null = server.address();
  const where = typeof address === "object" && address ? `http://${host}:${address.port}` : String(address);
  // Tests read this line to find the port when PORT=0.
  console.log(`contact function listening on ${where} (data in ${contact.dataDir}, mail via ${contact.mailer.description})`);
  desk().catch((error: unknown) => console.error("contact function: the owner's desk could not be built:", error));
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.log(`contact function: ${signal}, finishing requests in flight`);
  // Never hang a deploy: whatever is not done in 10 s is safe on disk anyway.
  setTimeout(() => process.exit(1), 10_000).unref();
  // Stop accepting, let answers in flight finish, then stop the outbox; every
  // stored submission is already fsynced, and unsent mail resumes on the next start.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5_000);
  await closed;
  clearTimeout(force);
  await contact.close();
  await store.close();
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
