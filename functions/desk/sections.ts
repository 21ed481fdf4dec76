import type { DeskScreenModule } from "./desk-contract";
import { accountScreen } from "./screens/account";
import { businessScreen } from "./screens/business";
import { messagePhotosScreen } from "./screens/message-photos";
import { bookingsScreen } from "./screens/bookings";
import { messagesScreen } from "./screens/messages";
import { postsScreen } from "./screens/posts";
import { reviewsScreen } from "./screens/reviews";
import { settingsScreen } from "./screens/settings";
import { sitePagesScreen } from "./screens/site-pages";
import { visitsScreen } from "./screens/visits";
import { workScreen } from "./screens/our-work";

/**
 * The registry of the desk's screens, server side: createDeskApp (desk-app.ts) mounts each. A new
 * section: its module in screens/ (typed by desk-contract.ts, never importing the app), one entry
 * here; its component in src/desk/screens/ with an entry in src/desk/desk-screens.tsx; its path and
 * navigation item in src/desk/desk-routes.ts. functions/desk/import-circles.test.ts keeps the
 * desk's files free of import circles.
 */
export const deskScreenModules: readonly DeskScreenModule[] = [accountScreen, businessScreen, messagesScreen, messagePhotosScreen, reviewsScreen, postsScreen, workScreen, visitsScreen, sitePagesScreen, bookingsScreen, settingsScreen];
