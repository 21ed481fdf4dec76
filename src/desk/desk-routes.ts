/**
 * The owner's desk's addresses, all under /owner, written once: the server's routes
 * (the desk server's desk-app.ts), the screens' links and forms, the desk script and the
 * emails read them. Data only, like src/routes.ts: the desk's browser script imports it.
 * The public site never links here, and robots.txt disallows the whole prefix.
 */
export const deskBase = "/owner";

export const deskPath = {
  home: deskBase,
  /** GET: the email form; POST: send a sign-in code to the address. */
  signIn: `${deskBase}/sign-in`,
  /** GET: the code form; POST: check the code. */
  code: `${deskBase}/sign-in/code`,
  /** GET ?token=: a page with one button (mail scanners open links); POST: sign in with the token. */
  link: `${deskBase}/sign-in/link`,
  /** POST: a passkey sign-in's challenge (JSON), then POST the browser's answer to passkeySignIn. */
  passkeyChallenge: `${deskBase}/sign-in/passkey/challenge`,
  passkeySignIn: `${deskBase}/sign-in/passkey`,
  signOut: `${deskBase}/sign-out`,
  signOutEverywhere: `${deskBase}/sign-out-everywhere`,
  /** The owner's passkeys, and signing out everywhere. */
  account: `${deskBase}/account`,
  passkeyAddChallenge: `${deskBase}/account/passkeys/challenge`,
  passkeyAdd: `${deskBase}/account/passkeys`,
  passkeyRemove: `${deskBase}/account/passkeys/remove`,
  /** Messages (GET ?q= search, ?handled=yes|no, ?cursor= the next page) and the held spam. */
  messages: `${deskBase}/messages`,
  spam: `${deskBase}/messages/spam`,
  /** GET ?box=inbox|spam: every message of a box as CSV (the same as `npm run submissions -- --csv`). */
  messagesCsv: `${deskBase}/messages/export.csv`,
  /** Reviews: pending first, then approved and rejected. */
  reviews: `${deskBase}/reviews`,
  /** The desk's own script and stylesheet (hashed names), served by the desk, never from dist/. */
  assets: `${deskBase}/assets`,
  /** The desk as an app a phone installs: its manifest, icons and service worker (the desk server's app-files.ts), open to anyone. */
  manifest: `${deskBase}/manifest.webmanifest`,
  /** GET …-<size>.png: the app's icon at 180 (Apple's home screen), 192 and 512 pixels, and 512 with room to be cut round (maskable). */
  appIcon: `${deskBase}/app-icon`,
  /** The desk's service worker (src/desk/service-worker.ts): its scope is the desk, nothing else of the site. */
  serviceWorker: `${deskBase}/service-worker.js`,
  /** POST JSON { endpoint, keys: { p256dh, auth } } (a browser's PushSubscription): 201 once kept (shared/CONTRACT.md). */
  pushSubscriptions: `${deskBase}/push/subscriptions`,
  /** POST `id`: "Turn off" a device's notifications. */
  pushTurnOff: `${deskBase}/push/subscriptions/remove`,
  /** GET JSON { publicKey, csrf }: what the service worker needs to subscribe again on its own. */
  pushKey: `${deskBase}/push/key`,
  /** Posts (the desk server's posts screen): the list is the section's path, `?q=` searches titles. */
  postNew: `${deskBase}/posts/new`,
  /** GET /owner/posts/edit/<slug>: the editor. */
  postEdit: `${deskBase}/posts/edit`,
  /** POST the editor's form: `action` says what to do (draft, publish, schedule, unpublish, preview). */
  postSave: `${deskBase}/posts/save`,
  /** POST JSON { form }: the unsaved work, kept while the owner types. */
  postAutosave: `${deskBase}/posts/autosave`,
  /** POST { postId, slug }: forget the unsaved work. */
  postDiscard: `${deskBase}/posts/discard`,
  /** POST JSON { form }: the page as it will be published ({ html, problems }). */
  postPreview: `${deskBase}/posts/preview`,
  /** POST JSON { size }: a photo upload begins; then its bytes to .../<id>?offset=N, then .../<id>/done. */
  postUpload: `${deskBase}/posts/uploads`,
  /** GET .../<file>: a photo's file made for the preview and the editor (not on the site yet). */
  postPhoto: `${deskBase}/posts/photo`,
  /** POST { slug, baseSha }: delete (kept in the history); POST { postId }: bring a gone post back. */
  postDelete: `${deskBase}/posts/delete`,
  postBringBack: `${deskBase}/posts/bring-back`,
  /** GET .../<slug>: the post's versions; POST { versionId, slug, baseSha }: restore one. */
  postHistory: `${deskBase}/posts/history`,
  postRestore: `${deskBase}/posts/restore`,
  /** The site's own pages (the desk server's screens/site-pages.ts): a service, a town or the home page. */
  services: `${deskBase}/services`,
  /** POST { slug, move: up|down, version }: a service a place earlier or later in every list of services. */
  serviceOrder: `${deskBase}/services/order`,
  serviceAreas: `${deskBase}/service-areas`,
  /** POST { name, latitude?, longitude? }: a new town page, made with sensible defaults. */
  townAdd: `${deskBase}/service-areas/add`,
  homePage: `${deskBase}/home-page`,
  /** Every photo the owner added, where each is used; POST …/replace, …/remove. */
  photos: `${deskBase}/photos`,
  photoReplace: `${deskBase}/photos/replace`,
  photoRemove: `${deskBase}/photos/remove`,
  /** A page's hero photo on its way up, in parts, as a post's (POST JSON { size }, then …/<id>?offset=N, then …/<id>/done). */
  pageUpload: `${deskBase}/site-photos/uploads`,
  /** Our work (the desk server's screens/our-work.ts): the list is the section's path; a new job's form. */
  jobNew: `${deskBase}/our-work/new`,
  /** GET /owner/our-work/edit/<slug>: a job's form. */
  jobEdit: `${deskBase}/our-work/edit`,
  /** POST the job's form: write its file and photos, then publish. */
  jobSave: `${deskBase}/our-work/save`,
  /** POST { slug, version }: take the job off the site (its folder removed). */
  jobRemove: `${deskBase}/our-work/remove`,
  /** POST JSON { size }: a photo upload begins; then its bytes to .../<id>?offset=N, then .../<id>/done. */
  jobUpload: `${deskBase}/our-work/uploads`,
} as const;

/** Requests under this prefix may carry a post's whole text (the desk's other forms are small), from a signed-in owner. */
export const postsPrefix = `${deskBase}/posts/`;

/** Requests under these carry a whole page's texts (a service's intro, questions and answers) or a photo's part: as large as a post's, from a signed-in owner. */
export const largeFormPrefixes: readonly string[] = [postsPrefix, `${deskBase}/services/`, `${deskBase}/service-areas/`, `${deskBase}/home-page`, `${deskBase}/photos/`, `${deskBase}/site-photos/`, `${deskBase}/our-work/`];

/** The site's pages the desk edits: one kind of file each (src/desk/page-fields.ts says which fields). */
export type SitePageKind = "service" | "town" | "home";

/** A page's editor, its history, its preview and the restore of a version: by kind and file name (slug). */
export function sitePagePath(kind: SitePageKind, slug = "", what: "" | "history" | "restore" | "preview" | "remove" = ""): string {
  const base = kind === "home" ? deskPath.homePage : `${kind === "service" ? deskPath.services : deskPath.serviceAreas}/${encodeURIComponent(slug)}`;
  return what ? `${base}/${what}` : base;
}

/** The only POSTs whose bodies the desk reads before anyone is signed in: signing in (every other POST is refused unread). */
export const signedOutPosts: readonly string[] = [deskPath.signIn, deskPath.code, deskPath.link, deskPath.passkeyChallenge, deskPath.passkeySignIn];

/** One message: GET shows it whole; POST …/handled (`handled=yes|no`) and …/not-spam change it. */
export const messagePath = (id: string): string => `${deskPath.messages}/${encodeURIComponent(id)}`;
/** GET: the step that asks "Delete this message … for good?"; POST: erase it (store `messages.erase`), then back to the list. */
export const messageDeletePath = (id: string): string => `${messagePath(id)}/delete`;
export const messageHandledPath = (id: string): string => `${messagePath(id)}/handled`;
export const messageNotSpamPath = (id: string): string => `${messagePath(id)}/not-spam`;
/** POST `how=call|text|email`: a tap on Call, Text or Email back, sent as the link opens the phone's app (the first one is the answer's time). */
export const messageAnsweredPath = (id: string): string => `${messagePath(id)}/answered`;
/** A photo of a message (`n` from 1), whole or its small copy: the signed-in owner's only. */
export const messagePhotoPath = (id: string, n: number, size?: "small"): string => `${messagePath(id)}/photos/${n}${size ? `/${size}` : ""}`;
/** The inbox (messages the owner was mailed) or the held spam (never mailed unless rescued). */
export type MessageBoxName = "inbox" | "spam";

/** The address of a list with these settings (also what the server's paging links are made of). */
export function messagesHref(box: MessageBoxName, settings: { search?: string; handled?: "" | "yes" | "no"; cursor?: string } = {}): string {
  const query = new URLSearchParams();
  if (settings.search) query.set("q", settings.search);
  if (box === "inbox" && settings.handled) query.set("handled", settings.handled);
  if (settings.cursor) query.set("cursor", settings.cursor);
  const base = box === "spam" ? deskPath.spam : deskPath.messages;
  return query.size > 0 ? `${base}?${query}` : base;
}

/** Estimate visits booked online (issue 40): the "Bookings" section lists them by day. */
export const bookingsPath = `${deskBase}/bookings`;
/** One day's visits, in the order they come: GET .../day/YYYY-MM-DD. */
export const bookingDayPath = (day: string): string => `${bookingsPath}/day/${day}`;
/** POST: cancel one visit (the store frees its time and mails both a cancellation). */
export const bookingCancelPath = (id: string): string => `${bookingsPath}/${encodeURIComponent(id)}/cancel`;
/** GET: the step that asks "Delete this booking … for good?"; POST: erase it (store `estimateVisits.erase`), then back to its day. */
export const bookingDeletePath = (id: string): string => `${bookingsPath}/${encodeURIComponent(id)}/delete`;
/** The owner's settings: the section "Settings", one form per part (shared/CONTRACT.md: its part "Estimate visits", a button "Save"). */
export const settingsPath = `${deskBase}/settings`;
/** POST: the hours offered for estimate visits, saved into content/estimate-visits.json. */
export const estimateVisitHoursPath = `${settingsPath}/estimate-visits`;

/** The Reviews screen's three groups; each shows its newest REVIEWS_SHOWN, and "Show more" adds as many again. */
export type ReviewGroup = "pending" | "approved" | "rejected";
export const REVIEWS_SHOWN = 20;

/** The Reviews screen showing `shown` reviews of the groups named (the others: their first REVIEWS_SHOWN). */
export function reviewsHref(shown: Partial<Record<ReviewGroup, number>> = {}): string {
  const query = new URLSearchParams();
  for (const group of ["pending", "approved", "rejected"] as const) {
    const count = shown[group];
    if (count !== undefined && count > REVIEWS_SHOWN) query.set(group, String(count));
  }
  return query.size > 0 ? `${deskPath.reviews}?${query}` : deskPath.reviews;
}

/** POST `approved=yes|no`: the desk's decision on one review (store.reviews.decide, via "desk"). */
export const reviewDecisionPath = (id: string): string => `${deskPath.reviews}/${encodeURIComponent(id)}/decision`;
/** GET: the step that asks "Delete this review … for good?"; POST: erase it (store `reviews.erase`; off the site when it was on it). */
export const reviewDeletePath = (id: string): string => `${deskPath.reviews}/${encodeURIComponent(id)}/delete`;

/** A section of the desk: one item of the navigation every desk screen shows, one screen. */
export interface DeskSection {
  /** The screen's name in src/desk/desk-screens.tsx and the desk server's sections.ts. */
  screen: DeskSectionScreen;
  path: string;
  /** Its name in the navigation and as the screen's heading (shared/CONTRACT.md keeps these). */
  label: string;
  /** One line on the desk's first screen. */
  summary: string;
  /**
   * Where it is listed (deskGroups): "leads" along the bottom of a phone's screen, within the
   * thumb's reach; the others under every screen, and on the first screen, under their heading.
   */
  group: DeskGroup;
}

export type DeskSectionScreen = "messages" | "reviews" | "posts" | "work" | "business" | "visits" | "services" | "service-areas" | "home-page" | "photos" | "bookings" | "settings";

/**
 * The navigation's groups, in order, with their headings. Their names must not hold a section's
 * name (a check finds a section by a case-blind part of its name: shared/CONTRACT.md).
 */
export const deskGroups = [
  { group: "leads", heading: "Leads" },
  { group: "site", heading: "Your site" },
  { group: "numbers", heading: "How it is going" },
] as const;
export type DeskGroup = (typeof deskGroups)[number]["group"];

/** In the navigation's order, within each group. */
export const deskSections: readonly DeskSection[] = [
  { screen: "messages", group: "leads", path: deskPath.messages, label: "Messages", summary: "What visitors sent through the contact form." },
  { screen: "reviews", group: "leads", path: deskPath.reviews, label: "Reviews", summary: "Approve or reject reviews before they show." },
  { screen: "bookings", group: "leads", path: bookingsPath, label: "Bookings", summary: "Free estimate visits booked online: call, text, directions, cancel." },
  { screen: "posts", group: "site", path: `${deskBase}/posts`, label: "Posts", summary: "Write, schedule and change blog posts." },
  { screen: "work", group: "site", path: `${deskBase}/our-work`, label: "Our work", summary: "Before and after photos of your jobs." },
  { screen: "services", group: "site", path: deskPath.services, label: "Services", summary: "Each service's page: its words, its photo, the order." },
  { screen: "service-areas", group: "site", path: deskPath.serviceAreas, label: "Service areas", summary: "The towns you serve: add one, change its page, take one off." },
  { screen: "home-page", group: "site", path: deskPath.homePage, label: "Home page", summary: "The first page visitors see: its words and its photo." },
  { screen: "photos", group: "site", path: deskPath.photos, label: "Photos", summary: "Every photo on the site, where it is used; replace or remove one." },
  { screen: "business", group: "site", path: `${deskBase}/business`, label: "Business details", summary: "Phone, email, address, hours and links." },
  { screen: "settings", group: "site", path: settingsPath, label: "Settings", summary: "The hours you offer for free estimate visits." },
  { screen: "visits", group: "numbers", path: `${deskBase}/visits`, label: "Visits", summary: "How many people came, and who called." },
];

export const sectionPath = (screen: DeskSectionScreen): string => deskSections.find((s) => s.screen === screen)?.path ?? deskBase;

/** The desk app's icon at `size` pixels (180, 192, 512), or the maskable one. */
export const appIconPath = (size: 180 | 192 | 512, maskable = false): string => `${deskPath.appIcon}-${size}${maskable ? "-maskable" : ""}.png`;

/** Whether a path is the desk's: the public site's navigation never handles these (they are not pages of dist/). */
export const isDeskPath = (pathname: string): boolean => pathname === deskBase || pathname.startsWith(`${deskBase}/`);
