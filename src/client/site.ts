// The one script every page loads (a few KB): client navigation, tooltips, the
// floating call button, the home page's sections drawn near the viewport, the visit
// counts (no cookies: src/client/visit-beacon.ts), and the loader that hydrates a
// page's islands, if it has any (holding a form sent before its island woke, from the
// moment this script runs).
import { startDrawnSections } from "./drawn-sections";
import { startFloatingCall } from "./floating-call";
import { holdEarlySubmits } from "./islands";
import { startNavigation } from "./navigate";
import { startTooltips } from "./tooltips";
import { startVisitCounting } from "./visit-beacon";

holdEarlySubmits();
startNavigation();
startTooltips();
startFloatingCall();
startDrawnSections();
startVisitCounting();
