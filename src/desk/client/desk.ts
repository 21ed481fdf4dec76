// The desk's script (its own bundle, loaded only under /owner: scripts/build-engine/desk-bundle.ts).
// Every desk screen works without it; it adds what needs JavaScript: passkeys, a question
// before a destructive button, a busy button while a form posts, the arrow keys of tabs, the
// service worker that shows the owner's notifications, and one-tap answers. A feature is a module
// here, started for each element whose data-desk attribute names it, and loaded only then.
import { startConfirmations } from "./confirm";
import { startBusyButtons } from "./busy-buttons";
import { markNotCounted } from "./not-counted";
import { startTabKeys } from "./tab-keys";
import { startApp } from "./app-worker";

export interface DeskFeature {
  start(element: HTMLElement): void;
}

const features: Record<string, () => Promise<DeskFeature>> = {
  "passkey-sign-in": () => import("./passkey-sign-in"),
  "passkey-add": () => import("./passkey-add"),
  unsaved: () => import("./unsaved"),
  "post-editor": () => import("./post-editor"),
  "page-editor": () => import("./page-editor"),
  "map-pick": () => import("./map-pick"),
  "photo-replace": () => import("./photo-replace"),
  "answer-links": () => import("./answer-links"),
  "push-setup": () => import("./push-setup"),
  "push-turn-off": () => import("./push-turn-off"),
};

for (const element of document.querySelectorAll<HTMLElement>("[data-desk]")) {
  const load = features[element.dataset.desk ?? ""];
  if (load) void load().then((feature) => feature.start(element));
}
startApp();
startConfirmations(document);
startBusyButtons(document);
markNotCounted(document);
startTabKeys(document);
