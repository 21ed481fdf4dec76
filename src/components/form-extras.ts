import { HONEYPOT_FIELD, SHOWN_AT_FIELD } from "../content/anti-spam-fields";

/**
 * What a form sends besides the visitor's own fields, read from the form itself when it is
 * sent: the anti-spam fields (the contact function's spam.ts), whose shown-at time the site
 * script puts in as soon as the page shows the form (src/client/islands.ts). The one place
 * where the contact and review forms gather them: a hidden field added to both goes here.
 */
export function formExtras(form: HTMLFormElement | null): Record<string, string | number> {
  const data = form ? new FormData(form) : undefined;
  const text = (name: string) => String(data?.get(name) ?? "");
  const shownAt = Number(text(SHOWN_AT_FIELD));
  return { [HONEYPOT_FIELD]: text(HONEYPOT_FIELD), ...(shownAt > 0 ? { [SHOWN_AT_FIELD]: shownAt } : {}) };
}
