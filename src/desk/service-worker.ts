/// <reference lib="webworker" />
// The desk's service worker (served as /owner/service-worker.js with the desk's scope, /owner, and
// nothing of the public site: the desk server's app-files.ts). It caches nothing: the desk's pages
// are private and always fetched. It shows the owner's notifications (the server's push sender
// sends them: a small JSON notice), opens the desk at the notice's address when one is tapped, and
// subscribes again when the browser replaces a subscription. Its own bundle (scripts/build-engine/desk-bundle.ts).
import { deskBase, deskPath } from "./desk-routes";

declare const self: ServiceWorkerGlobalScope;

interface Notice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The notice a push carries; a push the worker cannot read still shows something, so the owner looks. */
function noticeOf(data: PushMessageData | null): Notice {
  try {
    const value: unknown = data?.json();
    if (typeof value === "object" && value !== null) {
      const { title, body, url, tag } = value as Record<string, unknown>;
      if (typeof title === "string" && typeof url === "string" && (url === deskBase || url.startsWith(`${deskBase}/`))) {
        return { title, body: typeof body === "string" ? body : "", url, tag: typeof tag === "string" ? tag : url };
      }
    }
  } catch {
    // Not JSON: shown as a plain "something new" below.
  }
  return { title: "New on your desk", body: "Open the desk to see it.", url: deskBase, tag: "desk" };
}

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const notice = noticeOf(event.data);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { url: notice.url },
      icon: `${deskPath.appIcon}-192.png`,
      badge: `${deskPath.appIcon}-192.png`,
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path = typeof data === "object" && data !== null && "url" in data && typeof data.url === "string" ? data.url : deskBase;
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      // A desk window already open goes to the message; else a new one opens there.
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const desk = windows.find((client) => new URL(client.url).pathname.startsWith(deskBase));
      if (desk) {
        const moved = await desk.navigate(url).catch(() => null);
        await (moved ?? desk).focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The browser replaced the subscription (it expired, or the push service moved it): the new one is
// kept in place of the old, so the owner does not have to turn notifications on again.
self.addEventListener("pushsubscriptionchange", (event) => {
  const change = event as Event & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null; waitUntil(p: Promise<unknown>): void };
  change.waitUntil(
    (async () => {
      const answer = await fetch(deskPath.pushKey, { credentials: "same-origin", headers: { accept: "application/json" } });
      if (!answer.ok) return;
      const { publicKey, csrf } = (await answer.json()) as { publicKey: string; csrf: string };
      const subscription =
        change.newSubscription ?? (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(publicKey) }));
      await fetch(deskPath.pushSubscriptions, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json", "x-csrf-token": csrf },
        // `again`: not the owner's tap, so a device turned off in Account stays off.
        body: JSON.stringify({ ...subscription.toJSON(), again: true, ...(change.oldSubscription ? { replaces: change.oldSubscription.endpoint } : {}) }),
      });
    })().catch(() => undefined),
  );
});

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
