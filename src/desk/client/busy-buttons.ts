/**
 * A posted form's button says it is working and takes no second press (a slow phone
 * connection invites one). The page that answers replaces it; coming back to this page
 * from the browser's history brings the button back.
 */
export function startBusyButtons(root: Document): void {
  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    const button = event.submitter instanceof HTMLButtonElement ? event.submitter : form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!button) return;
    // After this event, so the button's own name and value are still posted.
    setTimeout(() => {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
    });
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const button of root.querySelectorAll<HTMLButtonElement>("button[aria-busy]")) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    }
  });
}
