/** A form with data-confirm asks before posting (removing a passkey, signing out everywhere); without the script it posts at once. */
export function startConfirmations(root: Document): void {
  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.confirm) return;
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
}
