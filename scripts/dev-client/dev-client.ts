// The browser side of `npm run dev`, served as /__dev/reload.js (a file: the
// Content-Security-Policy allows no inline script). scripts/dev.ts bundles it once
// at start and sends the events: "reload" after a good rebuild, "problems" when
// the content cannot be built. The overlay's look is /__dev/overlay.css (a file
// for the same reason: no inline style).
import { liveReload } from "../../src/app/live-reload";
import type { DevProblems } from "./dev-events";

const overlayId = "dev-overlay";
const events = new EventSource(liveReload.eventsPath);

// The site's script refreshes the page in place (src/client/navigate.ts), keeping the scroll; it loads
// the page in full itself when the script or styles changed. Without it (it failed to start), a reload.
events.addEventListener("reload", () => {
  document.getElementById(overlayId)?.remove();
  if (document.documentElement.hasAttribute("data-nav")) document.dispatchEvent(new CustomEvent("site:refresh"));
  else location.reload();
});
events.addEventListener("problems", (e) => showOverlay(JSON.parse((e as MessageEvent<string>).data) as DevProblems));
events.addEventListener("fixed", () => document.getElementById(overlayId)?.remove());

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}

function ensureStyles() {
  if (document.querySelector("link[data-dev-overlay]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/__dev/overlay.css";
  link.dataset.devOverlay = "";
  document.head.append(link);
}

function showOverlay({ problems }: DevProblems) {
  ensureStyles();
  document.getElementById(overlayId)?.remove();
  const list = el(
    "ul",
    "dev-overlay__list",
    ...problems.map((p) =>
      el(
        "li",
        "dev-overlay__problem",
        el("span", "dev-overlay__label", "File"),
        el("code", "dev-overlay__file", p.file),
        el("span", "dev-overlay__label", "Field"),
        el("code", "dev-overlay__field", p.field),
        el("span", "dev-overlay__label", "What to do"),
        el("span", "dev-overlay__fix", fixFor(p.field, p.problem)),
      ),
    ),
  );
  const hide = el("button", "dev-overlay__hide", "Hide");
  hide.type = "button";
  const title = el("h2", "dev-overlay__title", problems.length === 1 ? "A file needs fixing" : `${problems.length} problems need fixing`);
  title.id = `${overlayId}-title`;
  const box = el(
    "div",
    "dev-overlay__box",
    title,
    el("p", "dev-overlay__intro", "The preview still shows the last version that worked. Fix what is listed below and save the file: this page updates by itself."),
    list,
    hide,
  );
  const overlay = el("div", "dev-overlay", box);
  overlay.id = overlayId;
  overlay.setAttribute("role", "alertdialog");
  overlay.setAttribute("aria-labelledby", title.id);
  hide.addEventListener("click", () => overlay.remove());
  document.body.append(overlay);
}

/** The schema's message says what is expected ("expected a date like 2025-03-01"); say it as an instruction. */
function fixFor(field: string, problem: string): string {
  if (problem === "is required") return `Add a line "${field}: ..." to the front matter.`;
  if (problem.startsWith("expected ")) return `Change ${field}: ${problem.replace(/^expected /, "it should be ")}.`;
  return problem;
}
