import type { ReactNode } from "react";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import "../styles/global.css";
import * as css from "./root-layout.css";
import { useRootData } from "./root-data";

/**
 * Header, main and footer around every page. Rendered to HTML only; client
 * navigation (src/client/navigate.ts) swaps the whole of #root, so the header's
 * "current page" marks come with the new page.
 */
export function RootLayout({ children }: { children: ReactNode }) {
  const root = useRootData();
  return (
    <div className={css.shell}>
      <a className={css.skipLink} href="#main">Skip to main content</a>
      {root.dev ? <p className={css.devBanner}>Development preview: drafts are shown.</p> : null}
      <SiteHeader />
      <main id="main" className={css.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
