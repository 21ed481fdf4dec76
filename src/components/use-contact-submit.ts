import { useCallback, useEffect, useState } from "react";
import { HONEYPOT_FIELD, SHOWN_AT_FIELD } from "../content/anti-spam-fields";
import type { ContactInput } from "../content/contact";
import { apiPath } from "../routes";


/**
 * The spec's request rule (section 7): cookies sent, a JSON body with a JSON
 * content type, and any non-success answer is an error whose text is
 * "status: body text" (or the status text when the body is empty).
 */
export async function postJson(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  return res.json();
}

export interface ContactSubmit {
  /** When the form was shown (ms), for the form's hidden field; undefined in the server render. */
  shownAt: number | undefined;
  /** Resolves once the message is stored; rejects with the "status: text" error on anything else, network errors included. */
  submit: (values: ContactInput, honeypot: string) => Promise<void>;
}

/**
 * Sends validated contact messages with the anti-spam extras judged in
 * the contact function's spam.ts. The shown-at time is `shownSince` (when the page
 * showed the form, which can be long before the form hydrated: useIslandShownAt) or
 * else when the form mounted. It is set in an effect: the server render has no "now"
 * for the visitor, and setting it during render would not match the prerendered HTML.
 */
export function useContactSubmit(shownSince?: number): ContactSubmit {
  const [shownAt, setShownAt] = useState<number>();
  useEffect(() => setShownAt(shownSince ?? Date.now()), [shownSince]);

  const submit = useCallback(
    async (values: ContactInput, honeypot: string) => {
      await postJson(apiPath.contact, {
        ...values,
        [HONEYPOT_FIELD]: honeypot,
        ...(shownAt === undefined ? {} : { [SHOWN_AT_FIELD]: shownAt }),
      });
    },
    [shownAt],
  );
  return { shownAt, submit };
}
