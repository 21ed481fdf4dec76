// A page's hero photo in Services, Service areas and Home page (src/desk/screens/site-page-screen.tsx):
// chosen from the camera or the phone's photos, it goes up at once (photo-send.ts) while the owner
// types; Save waits for it, has the server make it ready, and sends the form with the photo's
// hash and name. The rest of the form is a plain POST.
import { finishPhoto, sendPhoto } from "./photo-send";
import { start as startUnsaved } from "./unsaved";

export function start(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  startUnsaved(form);
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
      ? sendPhoto(file, progress, say).then((id) => {
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
      const done = await finishPhoto(id, alt?.value ?? "", say);
      if (!done) return;
      sha.value = done.sha;
      name.value = done.name;
      upload = undefined;
      ready = true;
      form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : undefined);
    })();
  });
}
