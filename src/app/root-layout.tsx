import { useEffect } from "react";
import { isRouteErrorResponse, Outlet, ScrollRestoration, useRouteError } from "react-router-dom";
import { BlogNavigationSkeleton } from "../components/blog-skeleton";
import { NotFound } from "../components/not-found";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import "../styles/global.css";
import * as css from "./root-layout.css";
import { useRootData } from "./root-data";
import { useHeadSync } from "./use-head-sync";
import { useLinkNavigation } from "./use-link-navigation";

export function RootLayout() {
  const root = useRootData();
  useHeadSync(root);
  const onClick = useLinkNavigation();
  // Effects run only once React owns the page: tests wait for this mark.
  useEffect(() => document.getElementById("root")?.setAttribute("data-hydrated", ""), []);
  return (
    // Delegated: catches clicks on every plain internal link below (see use-link-navigation.ts).
    <div className={css.shell} onClick={onClick}>
      <a className={css.skipLink} href="#main">Skip to main content</a>
      {root.dev ? <p className={css.devBanner}>Development preview: drafts are shown.</p> : null}
      <SiteHeader />
      <main id="main" className={css.main} tabIndex={-1}>
        <BlogNavigationSkeleton><Outlet /></BlogNavigationSkeleton>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}

/** A page whose data is missing (unknown town, post, ...) shows the not-found page inside the normal layout. */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div className={css.errorBox} role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be loaded. Please check your connection and try again, or call us directly.</p>
    </div>
  );
}

/** Only when the root itself fails (its data could not load): no header or footer to lean on. */
export function RootErrorBoundary() {
  return (
    <main className={css.errorBox} role="alert">
      <h1>Something went wrong</h1>
      <p>Please reload the page.</p>
    </main>
  );
}
