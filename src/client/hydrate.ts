// Loaded only by pages with an island (src/client/islands.ts): React comes with it.
import "./zod-jitless";
import { createElement, startTransition, type ComponentType } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { IslandRoot } from "../app/island-root";

/**
 * Hydrates one island's element with its component, as src/app/island.tsx rendered it.
 * `id` is its id prefix there; `shownAt` when the visitor was shown it; `onHydrated` runs
 * once React owns it (islands.ts).
 */
export function hydrateIsland(
  element: HTMLElement,
  component: ComponentType<object>,
  props: object,
  { id, shownAt, onHydrated }: { id: string; shownAt: number; onHydrated: () => void },
): Root {
  const tree = createElement(IslandRoot, { onHydrated, shownAt, children: createElement(component, props) });
  // As a transition React hydrates in slices of a few milliseconds, yielding to the
  // browser in between, instead of one long task that holds up a visitor's first tap.
  let root: Root | undefined;
  // React reports what it recovered from (by default as an uncaught error). An island a client
  // navigation took off the page while it hydrated is unmounted before it was hydrated, which
  // React reports too; that one concerns nobody, the page is gone.
  const onRecoverableError = (error: unknown) => {
    if (element.isConnected) reportError(error);
  };
  startTransition(() => {
    root = hydrateRoot(element, tree, { identifierPrefix: `${id}-`, onRecoverableError });
  });
  if (!root) throw new Error("hydrateRoot did not run");
  return root;
}
