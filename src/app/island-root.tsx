import { useEffect, type ReactNode } from "react";

/**
 * The root of every island, on both sides: the build renders it around the
 * island's component (src/app/island.tsx) and the browser hydrates the same tree
 * (src/client/hydrate.ts), so React's useId values match. `onHydrated` runs once
 * React owns the island (tests wait for the mark it sets).
 */
export function IslandRoot({ children, onHydrated }: { children: ReactNode; onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}
