import type { Root } from "react-dom/client";

// The browser's half of src/app/island.tsx: finds the islands a page holds and
// hydrates each with its module from src/islands/. Pages without islands never
// load React (the import()s below are separate chunks, fetched only when needed).

const roots = new Map<Element, Root>();

const isComponent = (value: unknown): value is React.ComponentType<object> => typeof value === "function";

async function hydrateOne(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? "";
  // First, so Zod is set up for the CSP before any island's schema exists (zod-jitless.ts).
  const { hydrateIsland } = await import("./hydrate");
  // esbuild makes one chunk per file of src/islands/; an unknown name rejects.
  const mod: unknown = await import(`../islands/${name}.tsx`);
  const component = typeof mod === "object" && mod !== null && "Component" in mod ? mod.Component : undefined;
  if (!isComponent(component)) throw new Error(`src/islands/${name}.tsx exports no Component`);
  const props: unknown = JSON.parse(element.dataset.props ?? "{}");
  if (typeof props !== "object" || props === null) throw new Error(`island ${name}: props are not an object`);
  if (!element.isConnected || roots.has(element)) return;
  roots.set(element, hydrateIsland(element, component, props, element.dataset.islandId ?? name));
}

/** Hydrates every island under `scope` not yet hydrated. An island that fails stays as the build rendered it (its form still posts). */
export async function hydrateIslands(scope: ParentNode): Promise<void> {
  const found = [...scope.querySelectorAll<HTMLElement>("[data-island]")].filter((element) => !roots.has(element));
  const results = await Promise.allSettled(found.map(hydrateOne));
  for (const r of results) if (r.status === "rejected") console.error("Island:", r.reason);
}

/** Unmounts the islands no longer in the document (the page was swapped by a client navigation). */
export function releaseIslands(): void {
  for (const [element, root] of roots) {
    if (element.isConnected) continue;
    root.unmount();
    roots.delete(element);
  }
}
