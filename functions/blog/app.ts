import express from "express";
import { join } from "node:path";
import { finalErrorHandler } from "../http/final-error-handler";
import { isErrno } from "../../src/content/errno";
import { apiPath } from "../../src/routes";

// The slugs posts may have (src/content/posts.ts SLUG_PATTERN); anything else cannot name a file.
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const isMissing = (err: unknown): boolean => isErrno(err, "ENOENT", "ENOTDIR");

/**
 * GET /api/blog and /api/blog/{slug}: the JSON files the build wrote under
 * dist/api/ (scripts/build-engine/blog-files.ts blogListFile and postApiFile), answered at the URLs of the
 * contract. Static hosts map the same URLs with dist/_redirects instead.
 */
export function createBlogApi(distDir: string): express.Router {
  const router = express.Router();
  // Files are named relative to `root` so that a dist folder inside a dot folder (~/.cache/...) is still served.
  const root = join(distDir, "api");
  const send = (res: express.Response, file: string, onMissing: () => void) => {
    res.type("application/json").set("Cache-Control", "no-cache");
    res.sendFile(file, { root, dotfiles: "deny" }, (err) => {
      if (!err || res.headersSent) return;
      if (isMissing(err)) onMissing();
      else res.status(500).json({ message: "The blog could not be read" });
    });
  };
  const postNotFound = (res: express.Response) => res.status(404).json({ message: "Post not found" });

  router.get(apiPath.blog, (_req, res) => send(res, "blog.json", () => res.status(503).json({ message: "The blog has not been built" })));
  router.get(`${apiPath.blog}/:slug`, (req, res) => {
    // /api/blog/x.json is the file's own name on static hosts; answer it here too.
    const slug = req.params.slug.replace(/\.json$/, "");
    if (!slugPattern.test(slug)) return postNotFound(res);
    send(res, `blog/${slug}.json`, () => postNotFound(res));
  });
  router.use(apiPath.blog, finalErrorHandler());
  return router;
}
