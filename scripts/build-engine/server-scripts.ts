import { join } from "node:path";

/**
 * The scripts of the server bundle (made by scripts/build-engine/bundle.ts into the output's
 * server folder), by name, with the module each is made from. One list: the bundle is made
 * from it, and every copy of an output (a build into a new folder with the bundles of the
 * last, scripts/build-engine/build-cache.ts `copyBundles`) carries every script on it. A
 * script made but not carried (the desk's preview worker, once) left `npm start` answering
 * 500 to Preview and Publish after the first rebuild that wrote a new folder.
 * Its own module, without esbuild: servers read it to find the scripts.
 */
export const serverScripts = {
  /** The server render and loaders: the render workers, the form pages (scripts/contact-form-renderer.ts) and the preview import it. */
  "entry-server": "src/entry-server.tsx",
  /** The build's render workers (scripts/build-engine/worker-pool.ts). */
  "render-worker": "scripts/build-engine/render-worker.ts",
  /** The desk's post checks and preview (scripts/build-engine/post-preview.ts). */
  "post-preview-worker": "scripts/build-engine/post-preview-worker.ts",
} as const;

export type ServerScript = keyof typeof serverScripts;

export const serverScriptNames = Object.keys(serverScripts) as ServerScript[];

/** Where a script of the server bundle is in a server folder (an output's `.server/`). */
export const serverScript = (serverDir: string, name: ServerScript) => join(serverDir, `${name}.mjs`);
