import { deviceIdOf, forgetThisDevice, sentEndpoint } from "./push-device";

/**
 * A device's "Turn off" in Account: when it is this phone, the browser lets go of its subscription
 * too before the form posts, so the desk's check at opening does not turn it on again. Without the
 * script the form posts as it is (the desk forgets the device; a browser without the script never
 * subscribed).
 */
export function start(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  let ready = false;
  form.addEventListener("submit", (event) => {
    if (ready) return;
    event.preventDefault();
    const id = new FormData(form).get("id");
    const endpoint = sentEndpoint();
    void (async () => {
      if (endpoint && (await deviceIdOf(endpoint)) === id) await forgetThisDevice().catch(() => undefined);
      ready = true;
      form.requestSubmit();
    })();
  });
}
