import express from "express";
import { stat } from "node:fs/promises";
import { extname, join, normalize, posix, relative, sep } from "node:path";
import { readFileSync } from "node:fs";
import { fileStamp } from "../src/content/file-stamp";
import { hostConfigFiles, movedAddresses, MOVED } from "./build-engine/site-files";

const pageHeaders = { "Cache-Control": "no-cache" };

/**
 * Serves a built site the way static hosts do: /contact and /contact/ both
 * answer dist/contact/index.html (no redirect), hashed assets are cached for a
 * year, HTML and data are revalidated, anything else gets dist/404.html with 404.
 */
export function staticSite(distDir: string): express.Router {
  const router = express.Router();
  const root = normalize(distDir + sep);

  const files = express.static(distDir, {
    index: false,
    redirect: false,
    dotfiles: "ignore",
    setHeaders(res, file) {
      if (file.startsWith(join(root, "assets") + sep)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      else res.setHeader("Cache-Control", "no-cache");
    },
  });
  // An old address (content/redirects.json) moved for good, as dist/_redirects says: before its page there,
  // which sends the visitor on for hosts that read no _redirects.
  const moved = movedFrom(distDir);
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const to = moved().get(req.path.replace(/(.)\/+$/, "$1"));
    if (!to) return next();
    const query = req.originalUrl.indexOf("?");
    res.set(pageHeaders).redirect(MOVED, query === -1 ? to : to + req.originalUrl.slice(query));
  });
  // dist/_headers and dist/_redirects are the static hosts' config, not pages: the 404 page, as there.
  router.use((req, res, next) => (isHostConfig(req.path) ? next() : files(req, res, next)));

  router.use(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pathname = decodeURIComponent(req.path);
    if (extname(pathname) === "" && !pathname.includes("/.")) {
      const file = normalize(join(distDir, pathname, "index.html"));
      // Named relative to `root`: sendFile refuses an absolute path with any dot folder in it (npm run dev builds into .cache/).
      if (file.startsWith(root) && (await isFile(file))) return res.set(pageHeaders).sendFile(relative(distDir, file), { root: distDir });
    }
    next();
  });

  router.use(async (req, res, next) => {
    // For an instant while a build swaps a new folder in (scripts/build-engine/build-output.ts, two renames)
    // there is no output folder at all: a request caught in it is answered from the new folder.
    if (!swapRetried.has(req) && !(await isFile(join(distDir, "404.html"))) && (await outputReturns(distDir))) {
      swapRetried.add(req);
      return router(req, res, next);
    }
    res.status(404).set(pageHeaders);
    if (req.method === "GET" || req.method === "HEAD") res.sendFile("404.html", { root: distDir }, (err) => err && res.end());
    else res.end();
  });
  return router;
}

/** Host config files however the URL spells them (`/%5Fheaders`, `//_redirects`); written by scripts/build-engine/site-files.ts. */
const isHostConfig = (path: string): boolean => hostConfigFiles.includes(posix.normalize(decodeURIComponent(path)).replace(/\/+$/, ""));

/** The moved addresses of the build in `distDir`, read again when a build replaced its _redirects. */
function movedFrom(distDir: string): () => Map<string, string> {
  let read = { stamp: "", moved: new Map<string, string>() };
  return () => {
    const file = join(distDir, "_redirects");
    const stamp = fileStamp(file);
    if (stamp !== read.stamp) {
      let text = "";
      try {
        text = readFileSync(file, "utf8");
      } catch {
        // No build yet: nothing has moved.
      }
      read = { stamp, moved: movedAddresses(text) };
    }
    return read.moved;
  };
}

const isFile = (file: string) => stat(file).then((s) => s.isFile(), () => false);

const swapRetried = new WeakSet<express.Request>();

/** True once the output folder is back (within a second); false when there is no build at all. */
async function outputReturns(distDir: string): Promise<boolean> {
  for (let waited = 0; waited < 1000; waited += 10) {
    await new Promise((ok) => setTimeout(ok, 10));
    if (await isFile(join(distDir, "404.html"))) return true;
  }
  return false;
}
