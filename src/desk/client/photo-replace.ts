// "Replace everywhere" in the desk's Photos (src/desk/screens/photos-screen.tsx): the new photo is
// sent (photo-send.ts), made ready by the server, then the form posts its hash in place of the file.
import { finishPhoto, sendPhoto } from "./photo-send";

export function start(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const input = form.querySelector<HTMLInputElement>("input[type=file]");
  const progress = form.querySelector<HTMLProgressElement>("progress");
  const status = form.querySelector<HTMLElement>("[data-replace-status]");
  const sha = form.querySelector<HTMLInputElement>('input[name="sha"]');
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!input || !progress || !status || !sha || !button) return;
  const say = (words: string, problem = false) => {
    status.textContent = words;
    input.setAttribute("aria-invalid", problem ? "true" : "false");
  };
  button.hidden = true;
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    const id = await sendPhoto(file, progress, say);
    const done = id && (await finishPhoto(id, form.dataset.description ?? "photo", say));
    if (!done) return;
    sha.value = done.sha;
    say("Putting the new photo in its place...");
    form.submit();
  });
}
