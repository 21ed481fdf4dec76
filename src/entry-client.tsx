import "./app/zod-jitless";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from "react-router-dom";
import { createClientRoutes } from "./app/client-routes";

const routes = createClientRoutes();

function readRouterData(): HydrationState | undefined {
  const text = document.getElementById("router-data")?.textContent;
  return text ? JSON.parse(text) : undefined;
}

// Load the current page's lazy module before hydrating, so the first client
// render matches the prerendered HTML (React Router's SSR lazy-loading pattern).
const matches = matchRoutes(routes, window.location) ?? [];
await Promise.all(
  matches.map(async (m) => {
    if (typeof m.route.lazy !== "function") return;
    const resolved = await m.route.lazy();
    Object.assign(m.route, resolved, { lazy: undefined });
  }),
);

const router = createBrowserRouter(routes, { hydrationData: readRouterData() });
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
const container = document.getElementById("root");
if (!container) throw new Error("#root is missing");
// 404.html is served for any unknown URL (e.g. /blog/nope on a static host): its
// HTML may not be what this URL renders, so render afresh instead of hydrating.
if (document.documentElement.hasAttribute("data-not-found")) createRoot(container).render(app);
else hydrateRoot(container, app);
