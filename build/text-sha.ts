import { createHash } from "node:crypto";

/** The hash the build records for a file's bytes (build/build-cache.ts, build/build-output.ts), in its own module: the worker script (build/render-worker.ts) bundles it without the cache's schemas. */
export const textSha = (data: string | Uint8Array) => createHash("sha1").update(data).digest("hex");
