import { deskPath } from "../../../src/desk/desk-routes";
import { formatBusinessTime } from "../../../src/format/business-time";
import { ceremonyChallenges, registrationOptions, verifiedPasskey } from "../passkeys";
import type { DeskScreenModule } from "../desk-contract";

/** Account: the owner's passkeys (add, remove) and "Sign every device out" (functions/desk/desk-app.ts). */
export const accountScreen: DeskScreenModule = (routes, { store, clock }) => {
  const challenges = ceremonyChallenges(store.desk, clock);
  const iso = () => new Date(clock()).toISOString();

  routes.get(deskPath.account, async (ctx) => {
    const when = (at: string) => formatBusinessTime(at, ctx.site.timeZone);
    const passkeys = await store.desk.passkeys(ctx.owner.email);
    await ctx.show({
      screen: "account",
      title: "Account",
      data: {
        email: ctx.owner.email,
        passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, added: when(p.createdAt), ...(p.lastUsedAt ? { lastUsed: when(p.lastUsedAt) } : {}) })),
      },
    });
  });

  routes.post(deskPath.passkeyAddChallenge, async (ctx) => {
    const options = await registrationOptions(ctx.req, ctx.site.name, ctx.owner.email, await store.desk.passkeys(ctx.owner.email));
    await challenges.keep(ctx.owner.session.idHash, options.challenge);
    ctx.json(200, { ok: true, options });
  });

  routes.post(deskPath.passkeyAdd, async (ctx) => {
    const expected = await challenges.take(ctx.owner.session.idHash);
    const passkey = expected && (await verifiedPasskey(ctx.req, ctx.req.body?.response, expected, ctx.owner.email, iso()));
    if (!passkey) return ctx.json(400, { ok: false, message: "The passkey could not be added: its answer came too late or could not be checked. Try again." });
    await store.desk.addPasskey(passkey);
    await ctx.audit(`added the passkey "${passkey.name}"`);
    ctx.redirect(deskPath.account, { tone: "done", text: `Passkey added: next time, "Sign in with a passkey" on ${passkey.name}.` });
  });

  routes.post(deskPath.passkeyRemove, async (ctx) => {
    const id = String(ctx.req.body?.id ?? "");
    const passkey = (await store.desk.passkeys(ctx.owner.email)).find((p) => p.id === id);
    if (!passkey) return ctx.redirect(deskPath.account, { tone: "problem", text: "That passkey was removed already." });
    await store.desk.removePasskey(id, iso());
    await ctx.audit(`removed the passkey "${passkey.name}"`);
    ctx.redirect(deskPath.account, { tone: "done", text: `Passkey "${passkey.name}" removed.` });
  });
};
