// The preview column's script (src/desk/preview-column.tsx), for every editor that has one (a
// post's, a site page's): asks the server for the page as it will be published (`ask`), shows it
// in the sandboxed frame (keeping the reader's place), or the build's problems; beside the form on
// a wide screen, over it on a phone while "Preview" is open; Phone and Desktop widths.
import type { JsonAnswer } from "./post-json";

const PREVIEW_PAUSE_MS = 300;
/** As src/desk/preview-column.css.ts's `wide`. */
const wideScreen = "(min-width: 1100px)";

export interface PreviewProblem {
  message: string;
  /** The form's field it is about, when it has one. */
  field?: string;
}

export interface PreviewOptions {
  form: HTMLFormElement;
  /** The server's answer: `{ html }`, or `{ problems }` in the build's words. */
  ask: () => Promise<JsonAnswer>;
  /** Problems the editor shows itself (beside their fields); the rest are said above the frame. Returns those it did not show. */
  showProblems?: (problems: PreviewProblem[]) => PreviewProblem[];
}

export function startPreview({ form, ask, showProblems }: PreviewOptions): { previewing: () => boolean; changed: () => void } {
  const preview = document.querySelector<HTMLElement>("[data-preview]");
  const frame = preview?.querySelector<HTMLIFrameElement>("[data-preview-frame]");
  const note = preview?.querySelector<HTMLElement>("[data-preview-problems]");
  const button = form.querySelector<HTMLButtonElement>("[data-preview-button]");
  const wide = window.matchMedia(wideScreen);
  // The preview is beside the form on a wide screen now: its button is not needed there (preview-column.css.ts).
  document.documentElement.dataset.scripted = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;

  const show = async () => {
    if (!preview || !frame || !note) return;
    const mine = ++asked;
    const answer = await ask();
    if (mine !== asked) return;
    if (!answer.ok) {
      note.textContent = answer.message;
      return;
    }
    const problems = Array.isArray(answer.body.problems) ? (answer.body.problems as PreviewProblem[]) : [];
    const rest = showProblems ? showProblems(problems) : problems;
    note.textContent = rest.length ? `Not as it will be published: ${rest.map((p) => p.message).join("; ")}` : problems.length ? "Not as it will be published: fix the fields marked in the form." : "";
    if (typeof answer.body.html === "string") {
      const scrollY = frame.contentWindow?.scrollY ?? 0;
      frame.addEventListener("load", () => frame.contentWindow?.scrollTo(0, scrollY), { once: true });
      frame.srcdoc = answer.body.html;
    }
  };
  const previewing = () => wide.matches || document.documentElement.dataset.previewing !== undefined;
  const sync = () => {
    if (!preview) return;
    preview.hidden = !previewing();
    if (!preview.hidden) void show();
  };
  wide.addEventListener("change", sync);
  sync();
  button?.addEventListener("click", (event) => {
    event.preventDefault();
    document.documentElement.dataset.previewing = "";
    sync();
    preview?.querySelector<HTMLButtonElement>("[data-preview-close]")?.focus();
  });
  preview?.querySelector<HTMLButtonElement>("[data-preview-close]")?.addEventListener("click", () => {
    delete document.documentElement.dataset.previewing;
    sync();
    button?.focus();
  });
  for (const width of preview?.querySelectorAll<HTMLButtonElement>("[data-width]") ?? []) {
    width.addEventListener("click", () => {
      preview!.dataset.previewWidth = width.dataset.width;
      for (const other of preview!.querySelectorAll<HTMLButtonElement>("[data-width]")) other.setAttribute("aria-pressed", String(other === width));
    });
  }
  return {
    previewing,
    changed: () => {
      clearTimeout(timer);
      if (previewing()) timer = setTimeout(() => void show(), PREVIEW_PAUSE_MS);
    },
  };
}
