import { NOT_COUNTED_KEY } from "../../content/visit-event";
import { deskPath } from "../desk-routes";

/**
 * A signed-in screen (it has "Sign out") marks this browser as the owner's, so the site's
 * visit counts leave it out (src/client/visit-beacon.ts reads the mark): the owner checking
 * the site between jobs is not a visitor. A fixed word in localStorage, not a cookie.
 */
export function markNotCounted(doc: Document): void {
  if (!doc.querySelector(`form[action="${deskPath.signOut}"]`)) return;
  try {
    localStorage.setItem(NOT_COUNTED_KEY, "owner");
  } catch {
    // Storage refused: this browser's visits are counted like anyone's.
  }
}
