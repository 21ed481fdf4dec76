import { createElement, Fragment, type ReactElement } from "react";
import { HONEYPOT_FIELD, SHOWN_AT_FIELD } from "../content/anti-spam-fields";
import { visitOriginFields } from "../content/visit-event";

/**
 * What a form sends besides the visitor's own fields, read from the form itself when it is
 * sent: the anti-spam fields (the contact function's spam.ts), whose shown-at time the site
 * script puts in as soon as the page shows the form (src/client/islands.ts), and where the
 * visit started (`landingPage`, `referrer`: shared/CONTRACT.md "Visits and leads"), which the
 * site script writes into `VisitOriginFields` (src/client/visit-beacon.ts). The one place
 * where the contact and review forms gather them: a hidden field added to both goes here.
 */
export function formExtras(form: HTMLFormElement | null): Record<string, string | number> {
  const data = form ? new FormData(form) : undefined;
  const text = (name: string) => String(data?.get(name) ?? "");
  const shownAt = Number(text(SHOWN_AT_FIELD));
  const origin = Object.fromEntries(visitOriginFields.map((name) => [name, text(name)]).filter(([, value]) => value !== ""));
  return { [HONEYPOT_FIELD]: text(HONEYPOT_FIELD), ...(shownAt > 0 ? { [SHOWN_AT_FIELD]: shownAt } : {}), ...origin };
}

/**
 * The hidden fields where the visit started, filled by the site script as the form is sent
 * (nothing under GPC or DNT). No value prop: React would write it back on each render.
 */
export function VisitOriginFields(): ReactElement {
  return createElement(Fragment, null, ...visitOriginFields.map((name) => createElement("input", { key: name, type: "hidden", name })));
}
