import { randomUUID } from "node:crypto";
import type express from "express";
import type { Request } from "express";
import { deskPath } from "../../src/desk/desk-routes";
import type { SignInData } from "../../src/desk/screens/sign-in-screen";
import { clientKey } from "../http/client-key";
import { clearCookie, readCookie, setCookie } from "./cookies";
import type { SignIn } from "../store/desk-store";
import type { RateCounter, SignInDeps } from "./desk-contract";
import { normalEmail } from "./owners";
import { mountPasskeySignIn } from "./passkeys";
import { requestFrom, requestOrigin } from "./request-facts";
import { codeHash, codeTriesKey, newCode, newToken, sameSecret, SIGN_IN_MS, tokenHash } from "./secrets";

const MINUTE = 60_000;
/**
 * 5 codes typed for an address in 15 minutes are compared, no more: the fifth wrong one locks the
 * address until the oldest is 15 minutes old, and cancels the code it was typed for (The
 * Copenhagen Book: limit attempts on short codes). A sign-in forgets the address's count.
 */
export const WRONG_CODES_ALLOWED = 5;
export const LOCK_MS = 15 * MINUTE;
/** Codes asked for, per address and per client, in 15 minutes: enough for a slow mailbox, not for a flood of emails. */
const CODES_PER_ADDRESS = 5;
const CODES_PER_CLIENT = 10;
/** Codes and links tried per client in 15 minutes (each address locks after 5 wrong codes besides). */
const TRIES_PER_CLIENT = 30;
/** What a stranger's code is compared with: a hash no code has. */
const NO_CODE = "0".repeat(64);

/**
 * Signing in (shared/CONTRACT.md): an address, then the 6-digit code from the email, or the
 * email's link, which opens a page with one button (mail scanners open links); or a passkey.
 * Asking for a code answers the same whether or not the address may sign in, and sends the
 * email after answering, so not even the time it takes tells.
 */
export function mountSignIn(app: express.Express, deps: SignInDeps): void {
  const { store, sessions, clock, guarded, show, redirect, refuse } = deps;
  const iso = (ms: number) => new Date(ms).toISOString();
  const limit = (bucket: string, per: number): RateCounter => ({ take: (key) => deps.limits.take(bucket, key, { limit: per, windowMs: 15 * MINUTE }) });
  const codesPerAddress = limit("desk-codes-per-address", CODES_PER_ADDRESS);
  const codesPerClient = limit("desk-codes-per-client", CODES_PER_CLIENT);
  const triesPerClient = limit("desk-tries-per-client", TRIES_PER_CLIENT);

  const signInPage = (title: string, data: SignInData) => ({ screen: "sign-in" as const, title, data });
  const tooMany = (seconds: number) => ({
    status: 429,
    title: "Too many tries",
    message: `Too many sign-in tries from this connection or for this address. Wait ${Math.ceil(seconds / 60)} minutes, then try again.`,
  });
  const audit = (req: Request, who: string, action: string) => store.audit({ at: iso(clock()), who, action, from: requestFrom(req) });

  /** Where the link in the email points: the site's address (never a Host header a stranger could choose), or the local address a preview was opened at. */
  async function linkOrigin(req: Request): Promise<string> {
    const own = requestOrigin(req);
    const host = new URL(own).hostname;
    return host === "localhost" || host === "127.0.0.1" || host === "[::1]" ? own : new URL((await deps.currentSite()).url).origin;
  }

  const home = guarded(async (req, res, owner) => {
    if (!owner) return show(req, res, undefined, signInPage("Sign in", { step: "email" }));
    const [passkeys, devices] = await Promise.all([store.passkeys(owner.email), deps.devices(owner.email)]);
    await show(req, res, owner, { screen: "home", title: "Your desk", layout: "menu", data: { placeholders: (await deps.currentSite()).placeholders.length, passkeys: passkeys.length, devices } });
  });
  app.get(deskPath.home, home);
  app.get(`${deskPath.home}/`, home);

  app.get(
    deskPath.signIn,
    guarded(async (req, res, owner) => {
      if (owner) return redirect(req, res, deskPath.home);
      await show(req, res, undefined, signInPage("Sign in", { step: "email", email: readCookie(req, "email") }));
    }),
  );

  app.post(
    deskPath.signIn,
    guarded(async (req, res) => {
      const typed = typeof req.body?.email === "string" ? req.body.email : "";
      const email = normalEmail(typed);
      if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
        return show(req, res, undefined, signInPage("Sign in", { step: "email", email: typed, error: "Type your email address, like you@example.com." }), { status: 400 });
      }
      const client = await codesPerClient.take(clientKey(req.ip));
      const address = client.ok ? await codesPerAddress.take(email) : client;
      if (!address.ok) return refuse(req, res, undefined, tooMany(address.retryAfterSeconds));
      setCookie(req, res, "email", email, SIGN_IN_MS);
      redirect(req, res, deskPath.code);
      // After the answer, whoever the address is: the same answer, in the same time.
      deps.afterAnswer.run(`no sign-in code could be sent to ${email}`, () => sendCode(req, email));
    }),
  );

  async function sendCode(req: Request, email: string): Promise<void> {
    if (!(await deps.isOwner(email))) return;
    const code = newCode();
    const token = newToken();
    const id = randomUUID();
    const now = clock();
    await store.addSignIn({ id, email, codeHash: codeHash(id, code), linkHash: tokenHash(token), createdAt: iso(now), expiresAt: iso(now + SIGN_IN_MS) });
    const link = `${await linkOrigin(req)}${deskPath.link}?token=${token}`;
    await deps.outbox.add({ kind: "sign-in", id, createdAt: iso(now), to: email, expiresAt: iso(now + SIGN_IN_MS), secret: { code, link } });
    await audit(req, email, "asked for a sign-in code");
  }

  app.get(
    deskPath.code,
    guarded(async (req, res, owner) => {
      if (owner) return redirect(req, res, deskPath.home);
      const email = readCookie(req, "email");
      if (!email) return redirect(req, res, deskPath.signIn);
      await show(req, res, undefined, signInPage("Check your email", { step: "code", email }));
    }),
  );

  /**
   * A code typed: counted before it is compared, in one step of the store, so that of codes sent
   * at once each has a number of its own and no more than WRONG_CODES_ALLOWED are ever compared.
   * Every address is counted, compared and answered alike, an owner's or not: the same store
   * calls before the answer, the same answers. What only an owner's address has to write (the
   * audit line, the cancelled code) is written after the answer.
   */
  app.post(
    deskPath.code,
    guarded(async (req, res) => {
      const email = readCookie(req, "email");
      if (!email) return redirect(req, res, deskPath.signIn, { tone: "info", text: "Type your address again: the code form had expired." });
      const tries = await triesPerClient.take(clientKey(req.ip));
      if (!tries.ok) return refuse(req, res, undefined, tooMany(tries.retryAfterSeconds));
      const page = (error: string) => signInPage("Check your email", { step: "code", email, error });
      const locked = "Too many wrong codes: this address cannot sign in with a code for 15 minutes. Then ask for a new code.";
      const key = codeTriesKey(email);
      const now = clock();
      const tried = await store.countCodeTry(key, iso(now), iso(now - LOCK_MS));
      if (tried > WRONG_CODES_ALLOWED) return show(req, res, undefined, page(locked), { status: 429 });

      const code = String(req.body?.code ?? "").replace(/\D/g, "");
      // Only an owner's address has sign-ins; a stranger's code is compared too, with one that never matches.
      const [owner, signIn] = await Promise.all([deps.isOwner(email), store.openSignIn(email, iso(now))]);
      const matches = sameSecret(codeHash(signIn?.id ?? "", code), signIn?.codeHash ?? NO_CODE);
      if (owner && signIn && matches && code.length === 6 && (await store.useSignIn(signIn.id, iso(clock())))) {
        await store.clearCodeTries(key, iso(clock()));
        await sessions.open(req, res, email, "code");
        clearCookie(req, res, "email");
        await audit(req, email, "signed in with a code");
        return redirect(req, res, deps.afterSignIn(req, res));
      }
      const last = tried === WRONG_CODES_ALLOWED;
      await show(req, res, undefined, page(last ? locked : "That code is not right, or it is no longer valid. Check the newest email, or ask for a new code."), {
        status: last ? 429 : 400,
      });
      if (owner) deps.afterAnswer.run(`a wrong code for ${email} could not be recorded`, () => afterWrongCode(req, email, last ? signIn : undefined));
    }),
  );

  /** After answering a wrong code for an owner's address: the audit line, and the fifth cancels the code it was typed for. */
  async function afterWrongCode(req: Request, email: string, cancel: SignIn | undefined): Promise<void> {
    await audit(req, email, "typed a wrong sign-in code");
    if (cancel && (await store.useSignIn(cancel.id, iso(clock())))) await audit(req, email, `the sign-in code was cancelled after ${WRONG_CODES_ALLOWED} wrong codes`);
  }

  /**
   * The link's sign-in, if it can still be used: the newest open one (not used, not expired) of
   * its address, an owner's. A newer email replaces an older one's link, as it does its code.
   */
  async function linkSignIn(token: unknown) {
    if (typeof token !== "string" || token.length < 20 || token.length > 100) return undefined;
    const signIn = await store.signInByLink(tokenHash(token));
    const newest = signIn && (await store.openSignIn(signIn.email, iso(clock())));
    return newest && newest.id === signIn.id && (await deps.isOwner(signIn.email)) ? signIn : undefined;
  }
  const linkRefusal = {
    status: 410,
    title: "This sign-in link does not work",
    message: "It was used already, it is older than 15 minutes, a newer email replaced it, or it was not copied whole. Ask for a new code on the sign-in page.",
  };

  // Opening the link (a person, or a mail scanner) changes nothing: the page's button does. The token
  // in its address goes to no other site (the desk's Referrer-Policy is same-origin; "no-referrer"
  // would make the button's POST carry Origin: null, which the CSRF check refuses).
  app.get(
    deskPath.link,
    guarded(async (req, res, owner) => {
      const token = req.query.token;
      if (!(await linkSignIn(token)) || typeof token !== "string") return refuse(req, res, owner, linkRefusal);
      await show(req, res, undefined, signInPage("Sign in", { step: "link", token }));
    }),
  );

  app.post(
    deskPath.link,
    guarded(async (req, res) => {
      const tries = await triesPerClient.take(clientKey(req.ip));
      if (!tries.ok) return refuse(req, res, undefined, tooMany(tries.retryAfterSeconds));
      const signIn = await linkSignIn(req.body?.token);
      if (!signIn || !(await store.useSignIn(signIn.id, iso(clock())))) return refuse(req, res, undefined, linkRefusal);
      await sessions.open(req, res, signIn.email, "link");
      await audit(req, signIn.email, signIn.codeHash ? "signed in with the emailed link" : "signed in with a link from npm run owner");
      redirect(req, res, deps.afterSignIn(req, res));
    }),
  );

  mountPasskeySignIn(app, { ...deps, triesPerClient, audit });
}
