/**
 * What every desk answer is made of besides its screen's own data: the frame around it.
 * The desk's server fills it per request; src/desk/desk-render.tsx renders it.
 */
export interface DeskFrame {
  /** The business's name (content/site.json), at the top of every screen. */
  siteName: string;
  /** The CSRF token every form on the page posts as the hidden field `csrf` (the desk server's csrf.ts). */
  csrf: string;
  /** The signed-in owner; absent on the sign-in screens, which then show no navigation. */
  owner?: { email: string };
  /** One line about the last action (after a redirect) or the answer to this one. */
  notice?: DeskNotice;
}

export interface DeskNotice {
  tone: "done" | "problem" | "info";
  text: string;
}

/** The desk's own script and stylesheet, as URLs under /owner/assets (scripts/build-engine/desk-bundle.ts). */
export interface DeskAssets {
  css: string[];
  script: string;
  /** Chunks the script imports at once: preloaded so they arrive with it. */
  preload: string[];
  /** The post editor's chunks (its feature and the editor): preloaded on its screen, so the editor is ready sooner. */
  editor: string[];
}

/** The form field every desk form posts its CSRF token in. */
export const csrfField = "csrf";
/** Where a request whose body is not a form (a photo's bytes) sends it instead. */
export const csrfHeader = "x-csrf-token";

/**
 * A photo goes up in parts of this size (src/desk/client/photo-upload.ts, and the desk server's uploads): each part a request
 * of its own, well within the servers' 20 s for a whole request on a phone's slow connection,
 * and one that fails is sent again, not the whole photo.
 */
export const PHOTO_PART_BYTES = 1024 * 1024;
