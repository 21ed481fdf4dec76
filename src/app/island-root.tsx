import { createContext, useContext, useEffect, type ReactNode } from "react";

const ShownAt = createContext<number | undefined>(undefined);

/**
 * When the visitor was shown this island (ms since the epoch): the page's load or the
 * client navigation that brought it, which can be long before it hydrated (islands
 * hydrate when the visitor comes to them, src/client/islands.ts). Undefined in the
 * server render. The forms send it as their anti-spam "shown at" time.
 */
export const useIslandShownAt = () => useContext(ShownAt);

/**
 * The root of every island, on both sides: the build renders it around the
 * island's component (src/app/island.tsx) and the browser hydrates the same tree
 * (src/client/hydrate.ts), so React's useId values match. `onHydrated` runs once
 * React owns the island (tests wait for the mark it sets).
 */
export function IslandRoot({ children, onHydrated, shownAt }: { children: ReactNode; onHydrated?: () => void; shownAt?: number }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return <ShownAt value={shownAt}>{children}</ShownAt>;
}
