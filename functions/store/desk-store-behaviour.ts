// What every implementation of the desk's part of the store must do (functions/store/desk-store.ts).
// An implementation's test file calls deskStoreBehaviour with a way to open it on fresh storage;
// "open again" stands for a restart, or for another process (npm run owner) on the same storage.
import { afterEach, describe, expect, it } from "vitest";
import type { DeskSession, DeskStore, Passkey, SignIn } from "./desk-store";

export interface DeskStoreStorage {
  /** A new store on this storage (a restart, or another process); the suite closes each one it opens. */
  open(): DeskStore | Promise<DeskStore>;
  cleanup(): Promise<void>;
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();

const signIn = (over: Partial<SignIn> = {}): SignIn => ({
  id: "s1",
  email: "owner@example.com",
  codeHash: "c".repeat(64),
  linkHash: "l".repeat(64),
  createdAt: at(0),
  expiresAt: at(15),
  ...over,
});

const session = (over: Partial<DeskSession> = {}): DeskSession => ({
  idHash: "h".repeat(64),
  email: "owner@example.com",
  via: "code",
  createdAt: at(1),
  expiresAt: at(60),
  ...over,
});

const passkey = (over: Partial<Passkey> = {}): Passkey => ({
  id: "cred-1",
  email: "owner@example.com",
  publicKey: "pQECAyYgASFYIA",
  counter: 0,
  transports: ["internal"],
  name: "iPhone",
  createdAt: at(2),
  ...over,
});

export function deskStoreBehaviour(name: string, makeStorage: () => Promise<DeskStoreStorage>): void {
  describe(`${name}: the desk's part of the store`, () => {
    let storage: DeskStoreStorage | undefined;
    const opened: DeskStore[] = [];
    async function open(): Promise<DeskStore> {
      storage ??= await makeStorage();
      const store = await storage.open();
      opened.push(store);
      return store;
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
      await storage?.cleanup();
      storage = undefined;
    });

    describe("sign-ins", () => {
      it("finds the newest open sign-in of an address until it is used or expires", async () => {
        const store = await open();
        await store.addSignIn(signIn({ id: "old", linkHash: "1".repeat(64), createdAt: at(0), expiresAt: at(15) }));
        await store.addSignIn(signIn({ id: "new", linkHash: "2".repeat(64), createdAt: at(3), expiresAt: at(18) }));
        await store.addSignIn(signIn({ id: "other", email: "crew@example.com", linkHash: "3".repeat(64), createdAt: at(5) }));
        expect((await store.openSignIn("owner@example.com", at(4)))?.id).toBe("new");
        expect(await store.useSignIn("new", at(5))).toBe(true);
        expect((await store.openSignIn("owner@example.com", at(6)))?.id).toBe("old");
        expect(await store.openSignIn("owner@example.com", at(16))).toBeUndefined();
        expect(await store.openSignIn("nobody@example.com", at(4))).toBeUndefined();
      });

      it("uses a sign-in once, whether by its code or its link, also after a restart", async () => {
        const store = await open();
        await store.addSignIn(signIn());
        expect((await store.signInByLink("l".repeat(64)))?.usedAt).toBeUndefined();
        expect(await store.useSignIn("s1", at(2))).toBe(true);
        expect(await store.useSignIn("s1", at(3))).toBe(false);
        expect((await store.signInByLink("l".repeat(64)))?.usedAt).toBe(at(2));
        const again = await open();
        expect(await again.useSignIn("s1", at(4))).toBe(false);
        expect(await again.signInByLink("x".repeat(64))).toBeUndefined();
        expect(await again.useSignIn("unknown", at(4))).toBe(false);
      });

      it("lets only one of two requests at once use a sign-in", async () => {
        const store = await open();
        await store.addSignIn(signIn());
        const results = await Promise.all([store.useSignIn("s1", at(2)), store.useSignIn("s1", at(2)), store.useSignIn("s1", at(2))]);
        expect(results.filter(Boolean)).toHaveLength(1);
      });

      it("sees a sign-in another process added (npm run owner -- link)", async () => {
        const server = await open();
        expect(await server.openSignIn("owner@example.com", at(1))).toBeUndefined();
        const cli = await open();
        const { codeHash: _none, ...linkOnly } = signIn({ id: "cli" });
        await cli.addSignIn(linkOnly);
        const seen = await server.signInByLink("l".repeat(64));
        expect(seen?.id).toBe("cli");
        expect(seen?.codeHash).toBeUndefined();
        expect(await server.useSignIn("cli", at(2))).toBe(true);
      });

      it("counts codes typed per key since a time, this one included, across restarts, until cleared", async () => {
        const store = await open();
        const [owner, crew] = ["o".repeat(64), "c".repeat(64)];
        expect(await store.countCodeTry(owner, at(1), at(0))).toBe(1);
        expect(await store.countCodeTry(owner, at(2), at(0))).toBe(2);
        expect(await store.countCodeTry(crew, at(2), at(0))).toBe(1);
        // Tries before `since` no longer count.
        expect(await store.countCodeTry(owner, at(3), at(2))).toBe(2);
        expect(await (await open()).countCodeTry(owner, at(4), at(2))).toBe(3);
        await store.clearCodeTries(owner, at(5));
        expect(await (await open()).countCodeTry(owner, at(6), at(0))).toBe(1);
        expect(await store.countCodeTry(crew, at(6), at(0))).toBe(2);
      });

      it("gives each of 50 codes typed at once a number of its own", async () => {
        const store = await open();
        const key = "k".repeat(64);
        const counts = await Promise.all(Array.from({ length: 50 }, () => store.countCodeTry(key, at(1), at(0))));
        expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      });
    });

    describe("sessions", () => {
      it("keeps a session, its new expiry, and its end across a restart", async () => {
        const store = await open();
        await store.addSession(session());
        expect(await store.session("h".repeat(64))).toEqual(session());
        await store.extendSession("h".repeat(64), at(90));
        expect((await store.session("h".repeat(64)))?.expiresAt).toBe(at(90));
        await store.endSession("h".repeat(64), at(30));
        const again = await open();
        expect(await again.session("h".repeat(64))).toEqual(session({ expiresAt: at(90), endedAt: at(30) }));
        expect(await again.session("u".repeat(64))).toBeUndefined();
      });

      it("ends every session of one address opened before a time, and no other", async () => {
        const store = await open();
        await store.addSession(session({ idHash: "a".repeat(64), createdAt: at(1) }));
        await store.addSession(session({ idHash: "b".repeat(64), createdAt: at(2) }));
        await store.addSession(session({ idHash: "c".repeat(64), email: "crew@example.com", createdAt: at(2) }));
        await store.endSessions("owner@example.com", at(5));
        await store.addSession(session({ idHash: "d".repeat(64), createdAt: at(6) }));
        const again = await open();
        expect((await again.session("a".repeat(64)))?.endedAt).toBe(at(5));
        expect((await again.session("b".repeat(64)))?.endedAt).toBe(at(5));
        expect((await again.session("c".repeat(64)))?.endedAt).toBeUndefined();
        expect((await again.session("d".repeat(64)))?.endedAt).toBeUndefined();
      });
    });

    describe("passkeys", () => {
      it("lists an address's passkeys, records their use and forgets a removed one, across restarts", async () => {
        const store = await open();
        await store.addPasskey(passkey());
        await store.addPasskey(passkey({ id: "cred-2", name: "Laptop", createdAt: at(3) }));
        await store.addPasskey(passkey({ id: "cred-3", email: "crew@example.com" }));
        expect((await store.passkeys("owner@example.com")).map((p) => p.id)).toEqual(["cred-1", "cred-2"]);
        await store.usePasskey("cred-2", 7, at(10));
        expect(await store.passkey("cred-2")).toEqual(passkey({ id: "cred-2", name: "Laptop", createdAt: at(3), counter: 7, lastUsedAt: at(10) }));
        await store.removePasskey("cred-1", at(11));
        const again = await open();
        expect((await again.passkeys("owner@example.com")).map((p) => p.id)).toEqual(["cred-2"]);
        expect(await again.passkey("cred-1")).toBeUndefined();
        expect((await again.passkey("cred-2"))?.counter).toBe(7);
      });
    });

    describe("passkey challenges", () => {
      const key = (c: string) => c.repeat(64);
      const challenge = (keyHash: string, text: string, expiresAt = at(5)) => ({ keyHash, challenge: text, expiresAt });

      it("gives a kept challenge once: a second take finds none, and of takes at once one gets it", async () => {
        const store = await open();
        await store.keepChallenge(challenge(key("a"), "first"), at(0));
        expect(await store.takeChallenge(key("a"), at(1))).toBe("first");
        expect(await store.takeChallenge(key("a"), at(1))).toBeUndefined();
        await store.keepChallenge(challenge(key("a"), "second"), at(1));
        const takes = await Promise.all([1, 2, 3].map(() => store.takeChallenge(key("a"), at(2))));
        expect(takes.filter(Boolean)).toEqual(["second"]);
      });

      it("does not give a challenge past its expiry, nor after that", async () => {
        const store = await open();
        await store.keepChallenge(challenge(key("a"), "late", at(5)), at(0));
        expect(await store.takeChallenge(key("a"), at(5))).toBeUndefined();
        expect(await store.takeChallenge(key("a"), at(4))).toBeUndefined();
      });

      it("keeps each key's challenge apart; asking again replaces the one kept for that key", async () => {
        const store = await open();
        await store.keepChallenge(challenge(key("a"), "for a"), at(0));
        await store.keepChallenge(challenge(key("b"), "for b"), at(0));
        await store.keepChallenge(challenge(key("b"), "for b, again", at(7)), at(1));
        expect(await store.takeChallenge(key("a"), at(2))).toBe("for a");
        expect(await store.takeChallenge(key("c"), at(2))).toBeUndefined();
        expect(await store.takeChallenge(key("b"), at(6))).toBe("for b, again");
      });

      it("drops the expired ones whenever another is kept", async () => {
        const store = await open();
        await store.keepChallenge(challenge(key("a"), "expires at 5", at(5)), at(0));
        await store.keepChallenge(challenge(key("b"), "expires at 9", at(9)), at(0));
        await store.keepChallenge(challenge(key("c"), "kept at 6", at(11)), at(6));
        // Asked with an earlier clock, a challenge still kept would be given: "a" is gone, "b" is not.
        expect(await store.takeChallenge(key("a"), at(1))).toBeUndefined();
        expect(await store.takeChallenge(key("b"), at(1))).toBe("expires at 9");
      });
    });

    describe("the audit log", () => {
      it("keeps every entry and gives the newest first", async () => {
        const store = await open();
        for (const minute of [1, 2, 3]) {
          await store.audit({ at: at(minute), who: "owner@example.com", action: `action ${minute}`, from: "203.0.113.9" });
        }
        await store.audit({ at: at(4), who: "owner@example.com", action: "saved business details", from: "203.0.113.9", detail: "phone" });
        const again = await open();
        expect((await again.auditLog(2)).map((e) => e.action)).toEqual(["saved business details", "action 3"]);
        expect((await again.auditLog(10))[0]).toEqual({ at: at(4), who: "owner@example.com", action: "saved business details", from: "203.0.113.9", detail: "phone" });
        expect(await again.auditLog(10)).toHaveLength(4);
      });
    });
  });
}
