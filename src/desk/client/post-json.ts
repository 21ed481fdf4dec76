import { csrfField } from "../desk-page";

/** The page's CSRF token: every desk page's forms carry it (src/desk/desk-ui.tsx). */
export function pageCsrf(): string {
  return document.querySelector<HTMLInputElement>(`input[name="${csrfField}"]`)?.value ?? "";
}

export type JsonAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Posts JSON with the page's CSRF token, as the desk's JSON endpoints expect (the desk server's csrf.ts). */
export async function postJson(path: string, body: Record<string, unknown> = {}): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ ...body, [csrfField]: pageCsrf() }),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, message: "No connection to the site. Check the phone's signal and try again." };
  }
  const json: unknown = await response.json().catch(() => undefined);
  const answer = isRecord(json) ? json : {};
  if (response.ok) return { ok: true, body: answer };
  return { ok: false, message: typeof answer.message === "string" ? answer.message : "That did not work. Please try again." };
}
