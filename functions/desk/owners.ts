/** The environment the desk reads (shared/CONTRACT.md). */
export interface DeskEnv {
  /** Comma-separated addresses that may sign in; default CONTACT_TO, else the site's email. */
  OWNER_EMAILS?: string;
  CONTACT_TO?: string;
}

/** An address as the desk compares and stores it. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** Who may sign in: OWNER_EMAILS, else CONTACT_TO, else the email in content/site.json (read anew, so a changed address counts). */
export function ownerEmails(env: DeskEnv, siteEmail: string): string[] {
  const listed = env.OWNER_EMAILS?.trim() ? env.OWNER_EMAILS : env.CONTACT_TO?.trim() ? env.CONTACT_TO : siteEmail;
  return [...new Set(listed.split(",").map(normalEmail).filter((email) => email.includes("@")))];
}
