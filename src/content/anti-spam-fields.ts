// Names only, no zod: the review form imports them with the page and loads its schema later.

/** Optional anti-spam fields the forms add; judged by the contact function's spam.ts. */
export const HONEYPOT_FIELD = "website";
export const SHOWN_AT_FIELD = "formShownAt";
