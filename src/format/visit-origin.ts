/**
 * Where a visit started, as the notification email, the desk and `npm run report` say
 * it: "came from /locations/irmo-sc via google.com". `source` is the referring site's
 * domain, or "direct". Undefined when nothing is known (a message sent before visits
 * were counted, or from a browser that keeps nothing).
 */
export function formatVisitOrigin(landingPage: string | undefined, source: string | undefined): string | undefined {
  if (!landingPage && !source) return undefined;
  const via = !source ? "" : source === "direct" ? " (direct: typed, bookmarked or from an app)" : ` via ${source}`;
  return landingPage ? `came from ${landingPage}${via}` : `came${via || " directly"}`;
}
