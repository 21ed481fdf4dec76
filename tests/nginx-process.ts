// Debian's nginx (npm test installs it, scripts/test-parts.ts) running a site config on
// loopback ports, as one process of this user in the foreground, its files in `work`.
// tests/nginx.test.ts and tests/nginx-instances.test.ts run deploy/nginx/cedar-ridge.conf in it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { installedPath, nginx as nginxPart } from "../scripts/test-parts";

/**
 * The shipped recipe (deploy/nginx/cedar-ridge.conf) pointed at this checkout: the install folder it
 * names (its `root <folder>/dist;`) becomes this checkout's deploy/ and `distDir`, whatever folder
 * the recipe installs to.
 */
export async function recipeHere(distDir: string): Promise<string> {
  const recipe = await readFile("deploy/nginx/cedar-ridge.conf", "utf8");
  const installDir = /^\s*root (\S+)\/dist;/m.exec(recipe)?.[1];
  if (!installDir) throw new Error("deploy/nginx/cedar-ridge.conf: no `root <folder>/dist;` line");
  return recipe.replace(`root ${installDir}/dist;`, `root ${distDir};`).replaceAll(`${installDir}/deploy/`, `${resolve("deploy")}/`);
}

export const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

export async function waitForUp(url: string) {
  for (let i = 0; i < 200; i++) {
    if (await fetch(url).then(() => true, () => false)) return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`${url} never answered`);
}

export const stopped = (child: ChildProcess | undefined, signal: NodeJS.Signals) =>
  new Promise<void>((ok) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return ok();
    child.once("exit", () => ok());
    child.kill(signal);
  });

/** Starts nginx with `site` (a server block, as deploy/nginx/cedar-ridge.conf is) in `work`; resolves once it runs. */
export async function startNginx(work: string, site: string): Promise<ChildProcess> {
  await writeFile(join(work, "site.conf"), site);
  await mkdir(join(work, "temp"));
  await writeFile(
    join(work, "nginx.conf"),
    `daemon off;\nmaster_process off;\npid ${work}/nginx.pid;\nerror_log ${work}/error.log;\nevents {}\nhttp {\n` +
      `  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n  access_log off;\n` +
      ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${work}/temp/${t};\n`).join("") +
      `  include ${work}/site.conf;\n}\n`,
  );
  const nginx = spawn(installedPath(nginxPart), ["-p", work, "-e", join(work, "error.log"), "-c", join(work, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  nginx.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  nginx.once("exit", (code) => code && console.error(`nginx exited ${code}: ${out}`));
  return nginx;
}

/** `node --import tsx functions/contact/server.ts` as deploy/cedar-ridge-contact.service runs it, on a free port; resolves with its port. */
export async function startContactFunction(env: Record<string, string>): Promise<{ child: ChildProcess; port: string; output: () => string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "functions/contact/server.ts"], { env: { ...process.env, PORT: "0", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const port = await new Promise<string>((ok, fail) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = out.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
      if (found) ok(found);
    });
    child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("exit", (code) => fail(new Error(`contact function exited ${code}: ${out}`)));
  });
  return { child, port, output: () => out };
}
