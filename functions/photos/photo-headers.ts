/**
 * The headers of a photo sent to a browser, from a link or in the desk: always image/jpeg (every
 * kept photo is one, functions/contact/visitor-photos.ts), never sniffed as anything else, shown
 * in the page rather than saved, and a policy under which nothing in it could run. (The email's
 * small copies are shown by the owner's mail program, from its own site: no Cross-Origin-Resource-Policy here.)
 */
export function photoHeaders(name: string): Record<string, string> {
  return {
    "Content-Type": "image/jpeg",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": `inline; filename="${name}"`,
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
}
