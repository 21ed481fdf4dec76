import { useCallback, useEffect, useState } from "react";
import type { ContactInput } from "../content/contact-schema";
import { apiPath } from "../routes";
import { formExtras } from "./form-extras";

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
  submit: (values: ContactInput, form: HTMLFormElement | null, photos: readonly File[]) => Promise<void>;
}

/**
 * Sends validated contact messages with the form's extras (form-extras.ts: the anti-spam
 * fields judged in the contact function's spam.ts). The shown-at time is `shownSince` (when
 * the page showed the form, which can be long before the form hydrated: useIslandShownAt)
 * or else when the form mounted. It is set in an effect: the server render has no "now"
 * for the visitor, and setting it during render would not match the prerendered HTML.
 */
export function useContactSubmit(shownSince?: number): ContactSubmit {
  const [shownAt, setShownAt] = useState<number>();
  useEffect(() => setShownAt(shownSince ?? Date.now()), [shownSince]);
  const submit = useCallback(async (values: ContactInput, form: HTMLFormElement | null, photos: readonly File[]) => {
    const fields = { ...values, ...formExtras(form) };
    // With photos, as multipart/form-data by the photo picker (its chunk is there once a photo was picked).
    if (photos.length > 0) return (await import("./photo-picker")).postWithPhotos(apiPath.contact, fields, photos);
    await postJson(apiPath.contact, fields);
  }, []);
  return { shownAt, submit };
}
