import { deviceIdOf, pushState, sendSubscription, sentEndpoint, subscription } from "./push-device";

/**
 * Once per tab, on a phone turned on for notifications here: its subscription is the one the desk has.
 * When the browser replaced it, the desk gets the new one; when the desk forgot it (its push service
 * said it was gone), the phone subscribes anew and the desk gets that. A phone the owner turned off in
 * Account stays off: the desk refuses it, and the phone lets go of its subscription.
 */
export async function run(): Promise<void> {
  if (sessionStorage.getItem("desk:push-checked")) return;
  sessionStorage.setItem("desk:push-checked", "1");
  const state = await pushState();
  if (!state) return;
  let current = await subscription(state.publicKey).catch(() => undefined);
  if (!current) return;
  const known = state.devices.includes(await deviceIdOf(current.endpoint));
  if (current.endpoint === sentEndpoint() && known) return;
  if (!known && current.endpoint === sentEndpoint()) {
    // The push service gave up on this endpoint: a new one.
    await current.unsubscribe().catch(() => undefined);
    current = await subscription(state.publicKey).catch(() => undefined);
    if (!current) return;
  }
  await sendSubscription(current, { again: true });
}
