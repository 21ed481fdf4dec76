import type sharpModule from "sharp";
import type { ContentProblem } from "../../src/content/content-error";
import type { PostsDesk } from "./posts/posts-desk";
import type { PhotoUploads } from "./posts/uploads";
import type { Logger } from "../logger";
import type { Store } from "../store/store";
import type { DeskRoutes } from "./desk-app";
import { accountScreen } from "./screens/account";
import { businessScreen } from "./screens/business";
import { messagesScreen } from "./screens/messages";
import { reviewsScreen } from "./screens/reviews";
import { visitsScreen, type DeskVisits } from "./screens/visits";
import { postsScreen } from "./screens/posts";

/** What a publish after a desk change came to: live, or the build's problems (the live site untouched). */
export type PublishOutcome = { ok: true } | { ok: false; problems: ContentProblem[] };

/** What every screen's server side may use besides the request. */
export interface DeskScreenDeps {
  store: Store;
  contentDir: string;
  clock: () => number;
  logger: Logger;
  /** Absent where this server does not build the site (the contact function alone). */
  publish?: (reason: string) => Promise<PublishOutcome>;
  /** The week's visit counts; absent where nothing counts them. */
  visits?: DeskVisits;
  /** The owner's posts (functions/desk/posts/): present where this server builds the site. */
  posts?: { desk: PostsDesk; uploads: PhotoUploads; loadSharp: () => Promise<typeof sharpModule> };
}

/**
 * A screen's server side: it adds its routes (GET its path, POST its actions), each signed-in
 * only and each POST already checked for Origin and CSRF token (functions/desk/desk-app.ts).
 */
export type DeskScreenModule = (routes: DeskRoutes, deps: DeskScreenDeps) => void;

/**
 * Every screen's server side. A new screen: its module in functions/desk/screens/, one entry
 * here; its component in src/desk/screens/ and src/desk/desk-screens.tsx; its path in
 * src/desk/desk-routes.ts (a section there is also an item of the navigation).
 */
export const deskScreenModules: readonly DeskScreenModule[] = [
  accountScreen,
  businessScreen,
  messagesScreen,
  reviewsScreen,
  postsScreen,
  visitsScreen,
];
