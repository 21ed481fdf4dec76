// Loaded only by pages with an island (src/client/islands.ts): React comes with it.
import "./zod-jitless";
import { createElement, type ComponentType } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { IslandRoot } from "../app/island-root";

/** Hydrates one island's element with its component, as src/app/island.tsx rendered it. */
export function hydrateIsland(element: HTMLElement, component: ComponentType<object>, props: object, id: string): Root {
  const onHydrated = () => element.setAttribute("data-hydrated", "");
  return hydrateRoot(element, createElement(IslandRoot, { onHydrated, children: createElement(component, props) }), { identifierPrefix: `${id}-` });
}
