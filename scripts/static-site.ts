import express from "express";
import { stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const pageHeaders = { "Cache-Control": "no-cache" };

/**
 * Serves a built site the way static hosts do: /contact and /contact/ both
 * answer dist/contact/index.html (no redirect), hashed assets are cached for a
 * year, HTML and data are revalidated, anything else gets dist/404.html with 404.
 */
export function staticSite(distDir: string): express.Router {
  const router = express.Router();
  const root = normalize(distDir + sep);

  router.use(
    express.static(distDir, {
      index: false,
      redirect: false,
      dotfiles: "ignore",
      setHeaders(res, file) {
        if (file.startsWith(join(root, "assets") + sep)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        else res.setHeader("Cache-Control", "no-cache");
      },
    }),
  );

  router.use(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pathname = decodeURIComponent(req.path);
    if (extname(pathname) === "" && !pathname.includes("/.")) {
      const file = normalize(join(distDir, pathname, "index.html"));
      if (file.startsWith(root) && (await isFile(file))) return res.set(pageHeaders).sendFile(file);
    }
    next();
  });

  router.use((req, res) => {
    res.status(404).set(pageHeaders);
    if (req.method === "GET" || req.method === "HEAD") res.sendFile(join(distDir, "404.html"), (err) => err && res.end());
    else res.end();
  });
  return router;
}

const isFile = (file: string) => stat(file).then((s) => s.isFile(), () => false);
