// `npm run owner -- link [EMAIL]`: prints a one-time sign-in link for the owner's desk (/owner),
// for a server that cannot email sign-in codes (no SMTP_URL). It writes the link's sign-in to the
// store's desk part (store.desk: DATA_DIR's files, or the database of DATABASE_URL), where the
// running server finds it at its next request (functions/store/desk-store.ts).
import { randomUUID } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { storeFromEnv } from "../functions/store/create-store";
import { normalEmail, ownerEmails } from "../functions/desk/owners";
import { newToken, SIGN_IN_MS, tokenHash } from "../functions/desk/secrets";
import { formatProblem, isContentError } from "../src/content/content-error";
import { loadSite } from "../src/content/load-content";
import { deskPath } from "../src/desk/desk-routes";

const usage = `Usage: npm run owner -- link [EMAIL]

Prints a link that signs you in to the owner's desk (/owner) once, within 15 minutes.
EMAIL: one of the owner addresses (OWNER_EMAILS, else CONTACT_TO, else the email in
content/site.json); default the first of them.`;

const { positionals, values } = parseArgs({ args: process.argv.slice(2), options: { help: { type: "boolean", default: false } }, allowPositionals: true });
const [command, typed] = positionals;
if (values.help || command !== "link") {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

let site: Awaited<ReturnType<typeof loadSite>>;
try {
  site = await loadSite(path.resolve("content"));
} catch (error) {
  console.error(isContentError(error) ? `Fix content/site.json first:\n${error.problems.map(formatProblem).join("\n")}` : error);
  process.exit(1);
}
const owners = ownerEmails(process.env, site.email);
const email = normalEmail(typed ?? owners[0] ?? "");
if (!owners.includes(email)) {
  console.error(`${email || "(no address)"} may not sign in to the desk. The owner addresses are: ${owners.join(", ") || "none"} (OWNER_EMAILS, else CONTACT_TO, else the email in content/site.json).`);
  process.exit(1);
}

const token = newToken();
try {
  const store = await storeFromEnv(process.env);
  try {
    const now = Date.now();
    await store.desk.addSignIn({ id: randomUUID(), email, linkHash: tokenHash(token), createdAt: new Date(now).toISOString(), expiresAt: new Date(now + SIGN_IN_MS).toISOString() });
    await store.desk.audit({ at: new Date(now).toISOString(), who: email, action: "made a sign-in link with npm run owner", from: "the server's terminal" });
  } finally {
    await store.close();
  }
} catch (error) {
  // The store cannot be used (the database down, DATA_DIR read-only): one line, no link printed.
  console.error(`No sign-in link made: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const link = (origin: string) => `${origin}${deskPath.link}?token=${token}`;
const local = `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? "3000"}`;
console.log(`Sign-in link for ${email} (works once, within 15 minutes):\n\n  ${link(site.url)}\n`);
console.log(`On this machine, before the site is at that address: ${link(local)}`);
