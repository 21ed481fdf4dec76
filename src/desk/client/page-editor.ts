// A page's hero photo in Services, Service areas and Home page (src/desk/screens/site-page-screen.tsx):
// chosen from the camera or the phone's photos, it goes up at once (photo-send.ts) while the owner
// types; Save waits for it, has the server make it ready, and sends the form with the photo's
// hash and name. The rest of the form is a plain POST. The preview (preview-column.ts) shows the
// page as it will be published with the fields as typed; a field the build refuses gets its words
// beside it instead.
import { csrfField } from "../desk-page";
import { deskPath } from "../desk-routes";
import * as ui from "../desk-ui.css";
import { finishPhoto, sendPhoto } from "./photo-send";
import { postJson } from "./post-json";
import { startPreview, type PreviewProblem } from "./preview-column";
import { start as startUnsaved } from "./unsaved";

export function start(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  startUnsaved(form);
  startPagePreview(form);
  const input = form.querySelector<HTMLInputElement>("[data-hero-file]");
  const progress = form.querySelector<HTMLProgressElement>("[data-hero-progress]");
  const status = form.querySelector<HTMLElement>("[data-hero-status]");
  const sha = form.querySelector<HTMLInputElement>('input[name="heroPhotoSha"]');
  const name = form.querySelector<HTMLInputElement>('input[name="heroPhotoName"]');
  const alt = form.querySelector<HTMLInputElement>('[name="heroImageAlt"], [name="hero.imageAlt"]');
  if (!input || !progress || !status || !sha || !name) return;

  let upload: Promise<string | undefined> | undefined;
  const say = (words: string, problem = false) => {
    status.textContent = words;
    input.setAttribute("aria-invalid", problem ? "true" : "false");
  };

  input.addEventListener("change", () => {
    const file = input.files?.[0];
    sha.value = "";
    name.value = "";
    upload = file
      ? sendPhoto(deskPath.pageUpload, file, say, progress).then((id) => {
          if (id) say("Photo sent. Say what it shows, then Save.");
          return id;
        })
      : undefined;
  });

  let ready = false;
  form.addEventListener("submit", (event) => {
    if (ready || !upload) return;
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    void (async () => {
      const id = await upload;
      if (!id) return;
      const done = await finishPhoto(deskPath.pageUpload, id, { description: alt?.value ?? "" }, say);
      if (!done) return;
      sha.value = done.sha;
      name.value = done.name;
      upload = undefined;
      ready = true;
      form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : undefined);
    })();
  });
}

/** The form's fields as Save posts them (without the token). */
function typed(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && name !== csrfField) out[name] = value;
  return out;
}

function startPagePreview(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>("[data-preview-button]");
  if (!button) return;
  const path = new URL(button.formAction, location.href).pathname;
  const preview = startPreview({ form, ask: () => postJson(path, typed(form)), showProblems: (problems) => besideFields(form, problems) });
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
