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

/** Requests under this prefix may carry a post's whole text (the desk's other forms are small). */
export const postsPrefix = `${deskBase}/posts/`;

/** One message: GET shows it whole; POST …/handled (`handled=yes|no`) and …/not-spam change it. */
export const messagePath = (id: string): string => `${deskPath.messages}/${encodeURIComponent(id)}`;
export const messageHandledPath = (id: string): string => `${messagePath(id)}/handled`;
export const messageNotSpamPath = (id: string): string => `${messagePath(id)}/not-spam`;
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

/** POST `approved=yes|no`: the desk's decision on one review (store.reviews.decide, via "desk"). */
export const reviewDecisionPath = (id: string): string => `${deskPath.reviews}/${encodeURIComponent(id)}/decision`;

/** A section of the desk: one item of the navigation every desk screen shows, one screen. */
export interface DeskSection {
  /** The screen's name in src/desk/desk-screens.tsx and the desk server's sections.ts. */
  screen: DeskSectionScreen;
  path: string;
  /** Its name in the navigation and as the screen's heading (shared/CONTRACT.md keeps these). */
  label: string;
  /** One line on the desk's first screen. */
  summary: string;
}

export type DeskSectionScreen = "messages" | "reviews" | "posts" | "work" | "business" | "visits";

/** In the navigation's order. */
export const deskSections: readonly DeskSection[] = [
  { screen: "messages", path: deskPath.messages, label: "Messages", summary: "What visitors sent through the contact form." },
  { screen: "reviews", path: deskPath.reviews, label: "Reviews", summary: "Approve or reject reviews before they show." },
  { screen: "posts", path: `${deskBase}/posts`, label: "Posts", summary: "Write, schedule and change blog posts." },
  { screen: "work", path: `${deskBase}/our-work`, label: "Our work", summary: "Before and after photos of your jobs." },
  { screen: "business", path: `${deskBase}/business`, label: "Business details", summary: "Phone, email, address, hours and links." },
  { screen: "visits", path: `${deskBase}/visits`, label: "Visits", summary: "How many people came, and who called." },
];

export const sectionPath = (screen: DeskSectionScreen): string => deskSections.find((s) => s.screen === screen)?.path ?? deskBase;

/** Whether a path is the desk's: the public site's navigation never handles these (they are not pages of dist/). */
export const isDeskPath = (pathname: string): boolean => pathname === deskBase || pathname.startsWith(`${deskBase}/`);
