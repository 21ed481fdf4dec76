import type { DeskScreenModule } from "./desk-contract";
import { accountScreen } from "./screens/account";
import { businessScreen } from "./screens/business";
import { messagesScreen } from "./screens/messages";
import { postsScreen } from "./screens/posts";
import { reviewsScreen } from "./screens/reviews";
import { sitePagesScreen } from "./screens/site-pages";
import { visitsScreen } from "./screens/visits";

/**
 * The registry of the desk's screens, server side: createDeskApp (desk-app.ts) mounts each. A new
 * section: its module in screens/ (typed by desk-contract.ts, never importing the app), one entry
 * here; its component in src/desk/screens/ with an entry in src/desk/desk-screens.tsx; its path and
 * navigation item in src/desk/desk-routes.ts. functions/desk/import-circles.test.ts keeps the
 * desk's files free of import circles.
 */
export const deskScreenModules: readonly DeskScreenModule[] = [accountScreen, businessScreen, messagesScreen, reviewsScreen, postsScreen, visitsScreen, sitePagesScreen];
