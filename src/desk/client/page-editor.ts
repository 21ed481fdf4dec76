// A page's hero photo in Services, Service areas and Home page (src/desk/screens/site-page-screen.tsx):
// chosen from the camera or the phone's photos, it goes up at once (photo-send.ts) while the owner
// types; Save and Preview wait for it, have the server make it ready (once), and send the form
// with the photo's hash and name. The rest of the form is a plain POST. The preview
// (preview-column.ts) shows the page as it will be published with the fields as typed, the new
// photo too; a field the build refuses gets its words beside it instead.
import { csrfField } from "../desk-page";
import { deskPath } from "../desk-routes";
import * as ui from "../desk-ui.css";
import { photoFileName } from "../../content/photo-name";
import { finishPhoto, sendPhoto } from "./photo-send";
import { postJson } from "./post-json";
import { startPreview, type PreviewProblem } from "./preview-column";
import { start as startUnsaved } from "./unsaved";

export function start(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  startUnsaved(form);
  const photo = startHeroPhoto(form);
  startPagePreview(form, photo.ready);
}

/** The hero photo's file input: the photo goes up when chosen, and is made ready for Save or Preview (`ready`). */
function startHeroPhoto(form: HTMLFormElement): { ready: () => Promise<boolean> } {
  const input = form.querySelector<HTMLInputElement>("[data-hero-file]");
  const progress = form.querySelector<HTMLProgressElement>("[data-hero-progress]");
  const status = form.querySelector<HTMLElement>("[data-hero-status]");
  const sha = form.querySelector<HTMLInputElement>('input[name="heroPhotoSha"]');
  const name = form.querySelector<HTMLInputElement>('input[name="heroPhotoName"]');
  const alt = form.querySelector<HTMLInputElement>('[name="heroImageAlt"], [name="hero.imageAlt"]');
  if (!input || !progress || !status || !sha || !name) return { ready: async () => true };

  /** The chosen photo going up, and then made ready by the server: each once per photo chosen. */
  let upload: Promise<string | undefined> | undefined;
  let made: Promise<boolean> | undefined;
  /** Made ready: its hash and name are in the form. */
  let isReady = false;
  const say = (words: string, problem = false) => {
    status.textContent = words;
    input.setAttribute("aria-invalid", problem ? "true" : "false");
  };

  input.addEventListener("change", () => {
    const file = input.files?.[0];
    sha.value = "";
    name.value = "";
    made = undefined;
    isReady = false;
    upload = file
      ? sendPhoto(deskPath.pageUpload, file, say, progress).then((id) => {
          if (id) say("Photo sent. Say what it shows, then Save.");
          return id;
        })
      : undefined;
  });

  /** The photo sent, made ready by the server, its hash and name in the form; false when that failed (said beside the photo). */
  const finish = async (): Promise<boolean> => {
    const sending = upload;
    const id = await sending;
    if (!id) return false;
    const done = await finishPhoto(deskPath.pageUpload, id, { description: alt?.value ?? "" }, say);
    // Another photo was chosen meanwhile: this one is not the form's any more.
    if (!done || sending !== upload) return false;
    sha.value = done.sha;
    name.value = done.name;
    isReady = true;
    say("Photo ready. Say what it shows, then Save.");
    return true;
  };
  const ready = () => (upload ? (made ??= finish()) : Promise.resolve(true));

  form.addEventListener("submit", (event) => {
    if (!upload) return;
    if (isReady) {
      // Named by its description as saved: Preview may have made it ready before that was written.
      if (alt?.value.trim()) name.value = photoFileName(alt.value, name.value.endsWith(".png") ? "png" : "jpeg", []);
      return;
    }
    // Sent again once ready (only then: a form asked to submit while its submit event is still going is not sent).
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : undefined;
    void ready().then((ok) => ok && form.requestSubmit(submitter));
  });
  return { ready };
}

/** The form's fields as Save posts them (without the token). */
function typed(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && name !== csrfField) out[name] = value;
  return out;
}

/** The preview column with the form as typed, a new hero photo made ready first (`photoReady`) so the page shows it. */
function startPagePreview(form: HTMLFormElement, photoReady: () => Promise<boolean>): void {
  const button = form.querySelector<HTMLButtonElement>("[data-preview-button]");
  if (!button) return;
  const path = new URL(button.formAction, location.href).pathname;
  const ask = async () => {
    await photoReady();
    return postJson(path, typed(form));
  };
  const preview = startPreview({ form, ask, showProblems: (problems) => besideFields(form, problems) });
  form.addEventListener("input", preview.changed);
  form.addEventListener("change", preview.changed);
}

/** Each problem about a field of the form beside that field (as the server's answer to Save puts it); the others back. */
function besideFields(form: HTMLFormElement, problems: PreviewProblem[]): PreviewProblem[] {
  for (const old of form.querySelectorAll("[data-preview-error]")) {
    const control = form.querySelector<HTMLElement>(`[aria-describedby~="${old.id}"]`);
    control?.removeAttribute("aria-invalid");
    control?.setAttribute("aria-describedby", (control.getAttribute("aria-describedby") ?? "").replace(old.id, "").trim());
    old.remove();
  }
  const rest: PreviewProblem[] = [];
  for (const problem of problems) {
    const control = problem.field ? form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${CSS.escape(problem.field)}"]:not([type=hidden])`) : null;
    if (!control?.id) {
      rest.push(problem);
      continue;
    }
    const words = document.createElement("p");
    words.className = ui.error;
    words.id = `${control.id}-preview-error`;
    words.dataset.previewError = "";
    words.textContent = problem.message;
    control.after(words);
    control.closest("details")?.setAttribute("open", "");
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", `${control.getAttribute("aria-describedby") ?? ""} ${words.id}`.trim());
  }
  return rest;
}
