import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { createHash } from "node:crypto";
import type express from "express";
import type { Request, Response } from "express";
import { deskPath } from "../../src/desk/desk-routes";
import { clientKey } from "../http/client-key";
import type { DeskStore, Passkey } from "../store/desk-store";
import { readCookie } from "./cookies";
import { deviceName, requestOrigin } from "./request-facts";
import { tokenHash } from "./secrets";
import type { RateCounter, SignInDeps } from "./desk-contract";

// Passkeys (WebAuthn) through @simplewebauthn/server: a signed-in owner adds one (functions/desk/screens/account.ts),
// then signs in with it on that device. The relying party is the host the desk is opened at.

/** A ceremony's challenge waits this long for the browser's answer. */
const CHALLENGE_MS = 5 * 60_000;

/**
 * Challenges handed out and not yet answered, by who asked (a session's or a pre-session cookie's
 * hash), in the store: the browser's answer may reach another instance than the one that asked.
 */
export function ceremonyChallenges(store: DeskStore, clock: () => number) {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    keep: (keyHash: string, challenge: string) => store.keepChallenge({ keyHash, challenge, expiresAt: iso(clock() + CHALLENGE_MS) }, iso(clock())),
    /** The challenge for `keyHash`, once: a second answer to it finds none. */
    take: (keyHash: string) => store.takeChallenge(keyHash, iso(clock())),
  };
}

/** The relying party of this request: the host the browser sees, and its origin. */
export function relyingParty(req: Request): { id: string; origin: string } {
  const origin = requestOrigin(req);
  return { id: new URL(origin).hostname, origin };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isResponse = (value: unknown): value is AuthenticationResponseJSON & RegistrationResponseJSON =>
  isRecord(value) && typeof value.id === "string" && typeof value.rawId === "string" && isRecord(value.response) && value.type === "public-key";

/** The credential as @simplewebauthn/server verifies with it. */
export const credentialOf = (passkey: Passkey) => ({
  id: passkey.id,
  publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
  counter: passkey.counter,
  transports: passkey.transports,
});

/** Sign-in with a passkey: POST challenge (JSON options), then POST the browser's answer; a session on success. */
export function mountPasskeySignIn(
  app: express.Express,
  deps: SignInDeps & { triesPerClient: RateCounter; audit: (req: Request, who: string, action: string) => Promise<void> },
): void {
  const { store, sessions, clock, guarded } = deps;
  const challenges = ceremonyChallenges(store, clock);
  const refuse = (res: Response, status: number, message: string) => void res.status(status).json({ ok: false, message });
  // Before signing in, the browser is known by its pre-session cookie (set by the sign-in page; the CSRF check needed it).
  const who = (req: Request) => tokenHash(readCookie(req, "pre") ?? "");

  app.post(
    deskPath.passkeyChallenge,
    guarded(async (req, res) => {
      const tries = await deps.triesPerClient.take(clientKey(req.ip));
      if (!tries.ok) return refuse(res, 429, "Too many sign-in tries from this connection. Wait a few minutes.");
      const options = await generateAuthenticationOptions({ rpID: relyingParty(req).id, userVerification: "preferred" });
      await challenges.keep(who(req), options.challenge);
      res.json({ ok: true, options });
    }),
  );

  app.post(
    deskPath.passkeySignIn,
    guarded(async (req, res) => {
      const response: unknown = req.body?.response;
      const expected = await challenges.take(who(req));
      if (!expected || !isResponse(response)) return refuse(res, 400, "The passkey's answer came too late or was not complete. Try again.");
      const passkey = await store.passkey(response.id);
      if (!passkey || !(await deps.isOwner(passkey.email))) return refuse(res, 400, "This passkey is not known here (it may have been removed). Sign in with a code from your email.");
      const party = relyingParty(req);
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: expected,
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        credential: credentialOf(passkey),
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verified?.verified) return refuse(res, 400, "The passkey could not be checked. Try again, or sign in with a code from your email.");
      await store.usePasskey(passkey.id, verified.authenticationInfo.newCounter, new Date(clock()).toISOString());
      await sessions.open(req, res, passkey.email, "passkey");
      await deps.audit(req, passkey.email, `signed in with the passkey "${passkey.name}"`);
      res.json({ ok: true, next: deps.afterSignIn(req, res) });
    }),
  );
}

/** What adding a passkey needs: the options for the browser, and the check of its answer. */
export async function registrationOptions(req: Request, siteName: string, email: string, existing: Passkey[]) {
  return generateRegistrationOptions({
    rpName: `${siteName} desk`,
    rpID: relyingParty(req).id,
    userName: email,
    userDisplayName: email,
    // The same user handle for an address every time, so a device keeps one passkey per owner.
    userID: new Uint8Array(createHash("sha256").update(email).digest().subarray(0, 16)),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}

export async function verifiedPasskey(req: Request, response: unknown, expectedChallenge: string, email: string, at: string): Promise<Passkey | undefined> {
  if (!isResponse(response)) return undefined;
  const party = relyingParty(req);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verified?.verified) return undefined;
  const { credential } = verified.registrationInfo;
  return {
    id: credential.id,
    email,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    ...(credential.transports ? { transports: [...credential.transports] } : {}),
    name: deviceName(req.get("user-agent")),
    createdAt: at,
  };
}
