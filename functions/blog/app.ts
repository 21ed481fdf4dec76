import express from "express";
import { join } from "node:path";

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * GET /api/blog and /api/blog/{slug}: the JSON files the build wrote under
 * dist/api/, answered at the URLs of the contract (static hosts map them with
 * dist/_redirects instead).
 */
export function createBlogApi(distDir: string): express.Router {
  const router = express.Router();
  const send = (res: express.Response, file: string, onMissing: () => void) => {
    res.type("application/json").set("Cache-Control", "no-cache");
    res.sendFile(file, { dotfiles: "deny" }, (err) => {
      if (err && !res.headersSent) onMissing();
    });
  };
  const notFound = (res: express.Response) => () => res.status(404).json({ message: "Post not found" });
  router.get("/api/blog", (_req, res) => send(res, join(distDir, "api", "blog.json"), () => res.status(503).json({ message: "The blog has not been built" })));
  router.get("/api/blog/:slug", (req, res) => {
    const slug = req.params.slug.replace(/\.json$/, "");
    if (!slugPattern.test(slug)) return notFound(res)();
    send(res, join(distDir, "api", "blog", `${slug}.json`), notFound(res));
  });
  return router;
}
