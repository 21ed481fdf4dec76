import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { deskPath } from "../../src/desk/desk-routes";

/**
 * Signs in to the desk at `base` as the owner does, with the code the sign-in email holds
 * (saved as an .eml file in `mailDir`: the audit's server has no SMTP_URL), and returns the
 * Cookie header of the signed-in browser, for Lighthouse to send with the desk's pages.
 */
export async function signInToDesk(base: string, mailDir: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  let csrf = "";
  const send = async (path: string, form?: Record<string, string>) => {
    const response = await fetch(base + path, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), ...(form ? { origin: base, "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form && new URLSearchParams({ ...form, csrf }).toString(),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    csrf = /name="csrf" value="([^"]+)"/.exec(await response.text())?.[1] ?? csrf;
    return response.status;
  };
  await send(deskPath.signIn);
  await send(deskPath.signIn, { email });
  const code = await waitForCode(mailDir);
  await send(deskPath.code);
  if ((await send(deskPath.code, { code })) !== 303) throw new Error("the audit could not sign in to the desk");
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

async function waitForCode(mailDir: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const files = await readdir(mailDir).catch(() => []);
    for (const file of files.filter((f) => f.endsWith(".eml"))) {
      const code = /^Subject: (\d{6}) is your sign-in code/m.exec(await readFile(join(mailDir, file), "utf8"))?.[1];
      if (code) return code;
    }
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`no sign-in email in ${mailDir}`);
}
