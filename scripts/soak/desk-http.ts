// The owner's desk over HTTP, as its pages and script use it, for the soak (scripts/bench-soak.ts):
// cookies kept as a browser keeps them, each page's CSRF token, its forms posted with the fields
// the page holds (formFields), photos sent in parts as src/desk/client/photo-upload.ts sends them.
import { csrfField, csrfHeader, PHOTO_PART_BYTES } from "../../src/desk/desk-page";
import { deskPath } from "../../src/desk/desk-routes";
import { wallTimeIn, type WallTime } from "../../src/format/business-time";

export interface DeskAnswer {
  status: number;
  location: string | null;
  text: string;
}

/** The business clock's date and time `minutes` from now (at a whole minute), as the editor's schedule fields take them. */
export function businessTimeIn(minutes: number, timeZone = "America/New_York"): WallTime & { at: Date } {
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
  return { ...wallTimeIn(timeZone, at), at };
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name.startsWith("#x") || name.startsWith("#X") ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : (entities[name] ?? whole),
  );
const attribute = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}(?:="([^"]*)"|(?=[\\s/>]))`, "i").exec(tag);
  return m ? decode(m[1] ?? "") : undefined;
};

/**
 * The fields a browser would post from the page's form whose action is `action`: inputs (checkboxes
 * and radios only when checked), textareas and selects (the selected option, else the first), in the
 * page's order, as [name, value] pairs. The desk's server renders plain HTML (React's), so this
 * reads what it writes; it is no general HTML parser.
 */
export function formFields(html: string, action: string): [string, string][] {
  const start = [...html.matchAll(/<form\b[^>]*>/gi)].find((m) => attribute(m[0], "action") === action);
  if (start?.index === undefined) throw new Error(`no form posting to ${action} on the page`);
  const body = html.slice(start.index, html.indexOf("</form>", start.index));
  const fields: [string, string][] = [];
  for (const m of body.matchAll(/<input\b[^>]*>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>|<select\b[^>]*>([\s\S]*?)<\/select>/gi)) {
    const tag = m[0];
    const name = attribute(tag, "name");
    if (!name || attribute(tag, "disabled") !== undefined) continue;
    if (/^<input/i.test(tag)) {
      const type = (attribute(tag, "type") ?? "text").toLowerCase();
      if (["submit", "button", "file", "image", "reset"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && attribute(tag, "checked") === undefined) continue;
      fields.push([name, attribute(tag, "value") ?? (type === "checkbox" ? "on" : "")]);
    } else if (/^<textarea/i.test(tag)) {
      fields.push([name, decode(m[1] ?? "").replace(/^\n/, "")]);
    } else {
      const options = [...(m[2] ?? "").matchAll(/<option\b[^>]*>([\s\S]*?)<\/option>/gi)];
      const chosen = options.find((o) => attribute(o[0], "selected") !== undefined) ?? options[0];
      if (chosen) fields.push([name, attribute(chosen[0], "value") ?? decode(chosen[1] ?? "")]);
    }
  }
  return fields;
}

/** `fields` with `changes` applied (a name in changes replaces every value of that name). */
export function withChanges(fields: [string, string][], changes: Record<string, string>): [string, string][] {
  const out = fields.filter(([name]) => !(name in changes));
  for (const [name, value] of Object.entries(changes)) out.push([name, value]);
  return out;
}

export class DeskHttp {
  private readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page. */
  csrf = "";

  constructor(
    readonly baseUrl: string,
    /** Every answer's status, for the soak's count of 5xx. */
    private readonly noteStatus: (method: string, path: string, status: number) => void = () => {},
  ) {}

  get(path: string): Promise<DeskAnswer> {
    return this.request("GET", path);
  }

  /** A form post (urlencoded) with the page's token, as the browser posts a desk form. */
  postForm(path: string, fields: [string, string][] | Record<string, string>): Promise<DeskAnswer> {
    const form = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields));
    form.set(csrfField, this.csrf);
    return this.request("POST", path, form.toString(), { "content-type": "application/x-www-form-urlencoded" });
  }

  /** JSON with the page's token, as the desk script posts it (src/desk/client/post-json.ts). */
  async postJson(path: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = await this.request("POST", path, JSON.stringify({ ...body, [csrfField]: this.csrf }), { "content-type": "application/json", accept: "application/json" });
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      parsed = {};
    }
    return { status: answer.status, body: typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {} };
  }

  /** A redirect followed, as the browser follows the desk's Post/Redirect/Get. */
  async follow(answer: DeskAnswer): Promise<DeskAnswer> {
    return answer.location ? this.get(answer.location) : answer;
  }

  /** Signs in: asks for a code, reads it with `code` (the newest sign-in email's), types it. */
  async signIn(email: string, code: () => Promise<string>): Promise<void> {
    await this.get(deskPath.signIn);
    const asked = await this.postForm(deskPath.signIn, { email });
    if (asked.status !== 303) throw new Error(`asking for a sign-in code answered ${asked.status}`);
    await this.get(deskPath.code);
    const signedIn = await this.postForm(deskPath.code, { code: await code() });
    if (signedIn.status !== 303) throw new Error(`the sign-in code answered ${signedIn.status}`);
    await this.get(deskPath.home);
  }

  /** A photo sent as the editor sends it: begun, in parts, described; the desk's answer ({ name, sha, thumb }). */
  async addPhoto(bytes: Buffer, description: string, taken: string[]): Promise<{ name: string; sha: string; thumb: string }> {
    const begun = await this.postJson(deskPath.postUpload, { size: bytes.byteLength });
    if (begun.status !== 200) throw new Error(`a photo upload could not begin: ${begun.status} ${JSON.stringify(begun.body)}`);
    const id = String(begun.body.id);
    for (let offset = 0; offset < bytes.byteLength; ) {
      const part = await this.request("POST", `${deskPath.postUpload}/${id}?offset=${offset}`, new Blob([Uint8Array.from(bytes.subarray(offset, offset + PHOTO_PART_BYTES))]), {
        "content-type": "application/octet-stream",
        [csrfHeader]: this.csrf,
      });
      const received = (JSON.parse(part.text) as { received?: unknown }).received;
      if (part.status !== 200 || typeof received !== "number") throw new Error(`a photo part was refused: ${part.status} ${part.text.slice(0, 200)}`);
      offset = received;
    }
    const done = await this.postJson(`${deskPath.postUpload}/${id}/done`, { description, taken });
    if (done.status !== 200) throw new Error(`the photo was refused: ${done.status} ${JSON.stringify(done.body)}`);
    return { name: String(done.body.name), sha: String(done.body.sha), thumb: String(done.body.thumb) };
  }

  private async request(method: string, path: string, body?: string | Blob, headers: Record<string, string> = {}): Promise<DeskAnswer> {
    const response = await fetch(this.baseUrl + path, {
      method,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(120_000),
      headers: {
        ...headers,
        ...(method === "POST" ? { origin: this.baseUrl } : {}),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1",
      },
    });
    this.noteStatus(method, path, response.status);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const value = pair.slice(eq + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), value);
    }
    const text = await response.text();
    const token = new RegExp(`name="${csrfField}" value="([^"]+)"`).exec(text)?.[1];
    if (token) this.csrf = token;
    return { status: response.status, location: response.headers.get("location"), text };
  }
}
