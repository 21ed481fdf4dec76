import { deskPath } from "../../../src/desk/desk-routes";
import { formatBusinessTime } from "../../../src/format/business-time";
import { checkSubscription, deviceId, deviceName } from "../../push/push-devices";
import { vapidKeys } from "../../push/vapid";
import { ceremonyChallenges, registrationOptions, verifiedPasskey } from "../passkeys";
import { csrfToken } from "../secrets";
import type { DeskScreenModule } from "../desk-contract";

/**
 * Account: the owner's passkeys (add, remove), the devices that get the owner's notifications
 * (turn on, turn off: functions/push/), and "Sign every device out" (functions/desk/desk-app.ts).
 */
export const accountScreen: DeskScreenModule = (routes, { store, clock }) => {
  const challenges = ceremonyChallenges(store.desk, clock);
  const iso = () => new Date(clock()).toISOString();
  const myDevices = async (email: string) => (await store.push.list()).filter((device) => device.by === email);

  routes.get(deskPath.account, async (ctx) => {
    const when = (at: string) => formatBusinessTime(at, ctx.site.timeZone);
    const [passkeys, devices, keys] = await Promise.all([store.desk.passkeys(ctx.owner.email), myDevices(ctx.owner.email), vapidKeys(store.keys)]);
    await ctx.show({
      screen: "account",
      title: "Account",
      data: {
        email: ctx.owner.email,
        passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, added: when(p.createdAt), ...(p.lastUsedAt ? { lastUsed: when(p.lastUsedAt) } : {}) })),
        notifications: { publicKey: keys.publicKey, devices: devices.map((d) => ({ id: d.id, name: d.device, added: when(d.createdAt) })) },
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

  // What the desk's script and service worker need to subscribe on their own: the site's public key, this
  // owner's devices (is this phone still among them?), and the page token for the POST (only this site's pages can read it).
  routes.get(deskPath.pushKey, async (ctx) => {
    const devices = await myDevices(ctx.owner.email);
    ctx.json(200, { publicKey: (await vapidKeys(store.keys)).publicKey, csrf: csrfToken(ctx.owner.token), devices: devices.map((d) => d.id) });
  });

  // shared/CONTRACT.md: a browser's PushSubscription, 201 once kept. `again`: the desk subscribing by itself
  // (a check at opening, the service worker), which a device the owner turned off refuses (409); `replaces`:
  // the endpoint it had before, forgotten.
  routes.post(deskPath.pushSubscriptions, async (ctx) => {
    const body: unknown = ctx.req.body;
    const checked = checkSubscription(body);
    if (!checked.ok) return ctx.json(400, { ok: false, message: checked.problem });
    const fields = body as { again?: unknown; replaces?: unknown };
    const replaces = typeof fields.replaces === "string" && fields.replaces !== checked.subscription.endpoint ? deviceId(fields.replaces) : undefined;
    const device = { id: deviceId(checked.subscription.endpoint), ...checked.subscription, by: ctx.owner.email, device: deviceName(ctx.req.get("user-agent")), createdAt: iso() };
    const kept = await store.push.add(device, fields.again === true ? { unlessTurnedOff: replaces ? [replaces] : [] } : {});
    if (kept.turnedOff) return ctx.json(409, { ok: false, turnedOff: true, message: "Notifications were turned off for this device in Account." });
    if (replaces && (await store.push.get(replaces))?.by === ctx.owner.email) await store.push.remove(replaces, "gone");
    if (kept.added) await ctx.audit(`turned on notifications on a ${device.device}`, device.id);
    ctx.json(201, { ok: true, id: device.id, added: kept.added });
  });

  routes.post(deskPath.pushTurnOff, async (ctx) => {
    const id = String(ctx.req.body?.id ?? "");
    const device = (await myDevices(ctx.owner.email)).find((d) => d.id === id);
    if (!device) return ctx.redirect(deskPath.account, { tone: "problem", text: "That device was turned off already." });
    await store.push.remove(id, "off");
    await ctx.audit(`turned off notifications on a ${device.device}`, id);
    ctx.redirect(deskPath.account, { tone: "done", text: `Notifications turned off for the ${device.device} added ${formatBusinessTime(device.createdAt, ctx.site.timeZone)}.` });
  });
};
