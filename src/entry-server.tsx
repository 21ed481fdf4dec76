import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { pageAssets, renderDocument, type AssetManifest } from "./app/document";
import { IslandsOnPage } from "./app/island";
import type { PageModule } from "./app/page-module";
import { pageMatcher } from "./app/page-matcher";
import { renderHead, type Head } from "./app/head";
import { loadRootData, PageFrameContext } from "./app/root-data";
import { RootLayout } from "./app/root-layout";
import { loadPageModules, routesToMatch } from "./app/server-routes";
import type { SiteContent, SitePost } from "./content/site-content";
import type { FieldErrors, FormValues } from "./content/contact";
import { head as contactHead, load as loadContactPage, type ContactPageData } from "./pages/contact-page";
import { head as reviewsHead, load as loadReviewsPage, type ReviewsPageData } from "./pages/reviews-page";
import { head as bookingHead, load as loadBookingPage, type BookEstimatePageData } from "./pages/book-estimate-page";
import type { BookingOffer, RefusedBooking, ServedTown } from "./content/booking";
import { Notice } from "./components/notice";
import type { ReviewErrors, ReviewField } from "./content/review";
import { notFoundPath, pathTo, routeTable } from "./routes";
import { themeColor } from "./styles/theme.css";

// The build (and its worker threads) and the servers import this one bundle.
export { loadPageContent, loadSite } from "./content/load-content";
export { parsePost } from "./content/posts";
export { toPostJson } from "./content/post-list";
export { withEditedPage } from "./content/page-preview";
export { ContentError, formatProblem, isContentError } from "./content/content-error";
export { routeTable, notFoundPath } from "./routes";
export type { AssetManifest } from "./app/document";

export interface PreparedPage {
  pathname: string;
  page: string;
  data: unknown;
  /** The page's data as JSON: the build skips rendering a page whose data (and code) is unchanged. */
  dataJson: string;
  notFound: boolean;
  mod: PageModule;
  /** The page's head; the not-found page's is noindex. */
  head: Head;
}

/** A page's document and the islands it holds (their code is what the page loads beyond the site script). */
export interface PageHtml {
  html: string;
  islands: string[];
}

export interface RenderedPage extends PreparedPage, PageHtml {
  status: number;
}

export type Renderer = Awaited<ReturnType<typeof createRenderer>>;

/** A path to render and the page (route table entry) it belongs to. */
export interface PagePath {
  path: string;
  page: string;
}

/**
 * The page modules and the route matcher: the same for every content, so made
 * once per thread (a long-running process renders many builds with them).
 */
async function createRouting() {
  const modules = await loadPageModules();
  const matchPage = pageMatcher(routesToMatch());
  function matchOnce(pathname: string, page?: string) {
    const matches = matchPage(pathname, page);
    const leaf = matches?.[matches.length - 1];
    if (!matches || !leaf) throw new Error(page ? `src/pages/${page}.tsx: paths() gave "${pathname}", which its route does not match` : `${pathname}: no route matched`);
    const mod = modules.get(leaf.route.id);
    if (!mod) throw new Error(`${pathname}: no page module for route ${leaf.route.id}`);
    return { params: leaf.params, page: leaf.route.id, mod };
  }
  // A path always matches the same way: matched once per thread, not once per build.
  const matched = new Map<string, ReturnType<typeof matchOnce>>();
  function match(pathname: string, page?: string) {
    const key = `${page ?? ""} ${pathname}`;
    let found = matched.get(key);
    if (!found) matched.set(key, (found = matchOnce(pathname, page)));
    return found;
  }
  return { modules, match };
}

let routing: ReturnType<typeof createRouting> | undefined;

/** Everything done once per build: the content's paths and shared data. Then render(url) per page. */
export async function createRenderer(content: SiteContent, assets: AssetManifest) {
  routing ??= createRouting();
  const { modules, match } = await routing;

  /** Every path to render, with its page (so render need not search the whole table); the not-found page last. */
  function listPaths(): PagePath[] {
    const paths: PagePath[] = [];
    for (const r of routeTable) {
      if (r.path === "*") continue;
      if (!r.path.includes(":")) {
        paths.push({ path: r.path, page: r.page });
        continue;
      }
      const mod = modules.get(r.page);
      if (!mod?.paths) throw new Error(`src/pages/${r.page}.tsx: route ${r.path} is dynamic and must export paths()`);
      // render() checks that each path matches its route.
      for (const path of mod.paths(content)) paths.push({ path, page: r.page });
    }
    const splat = routeTable.find((r) => r.path === "*");
    if (splat) paths.push({ path: notFoundPath, page: splat.page });
    return paths;
  }


  // Shared by every page, so computed once per build.
  const rootData = loadRootData(content);

  /**
   * The app's HTML for one page and its data: the root layout around the page's
   * Component, with what every page shares (rootData) and the page's path in
   * context. react-router matched the path (prepare); rendering needs none of its
   * router state, and building it per page was a tenth of a page's render time.
   */
  function renderApp(pathname: string, mod: PageModule, data: unknown): PageHtml {
    return renderInFrame(pathname, <mod.Component data={data} />);
  }

  /** `page` in the root layout, as at `pathname` (the header marks its section). */
  function renderInFrame(pathname: string, page: ReactNode): PageHtml {
    const islands: string[] = [];
    const html = renderToString(
      <IslandsOnPage.Provider value={islands}>
        <PageFrameContext.Provider value={{ root: rootData, pathname }}>
          <RootLayout>{page}</RootLayout>
        </PageFrameContext.Provider>
      </IslandsOnPage.Provider>,
    );
    return { html, islands };
  }

  /**
   * A page's data, before any rendering: the build compares `dataJson` with the
   * previous build's and reuses the old file when nothing changed. `page` (from
   * listPaths) makes matching cheap.
   */
  function prepare(pathname: string, page?: string): PreparedPage {
    const { params, mod, page: id } = match(pathname, page);
    const data = mod.load({ params, content });
    if (data === null) throw new Error(`${pathname}: the page's load() found no data`);
    const notFound = pathname === notFoundPath;
    const head = mod.head(data, { site: content.site });
    return { pathname, page: id, data, dataJson: JSON.stringify(data), notFound, mod, head: notFound ? { ...head, noindex: true } : head };
  }

  /** The document for a prepared page. Pure: the same data always gives the same bytes. */
  function renderPrepared(p: PreparedPage): PageHtml {
    const app = renderApp(p.pathname, p.mod, p.data);
    const html = renderDocument({
      headHtml: renderHead(p.head, content.site),
      appHtml: app.html,
      assets: pageAssets(assets),
      notFound: p.notFound,
      themeColor,
      liveReload: content.mode === "development",
    });
    return { html, islands: app.islands };
  }

  /** One page of the site, as the build writes it. */
  function render(pathname: string, page?: string): RenderedPage {
    const prepared = prepare(pathname, page);
    return { ...prepared, status: prepared.notFound ? 404 : 200, ...renderPrepared(prepared) };
  }


  /**
   * The contact page as the answer to an invalid form post made without JavaScript
   * (or before the site script ran): the same components, each field's message under
   * it and what the visitor typed kept. The contact function calls it synchronously
   * (see scripts/contact-form-renderer.ts). A whole page of the site: served at
   * /api/contact, it names /contact as its address, which the site script puts in
   * the address bar (src/client/navigate.ts), and its form is an island like /contact's.
   */
  function renderContactWithErrors(values: FormValues, errors: FieldErrors): string {
    const pathname = "/contact";
    const { mod } = match(pathname);
    const data: ContactPageData = { ...loadContactPage({ params: {}, content }), refused: { values, errors } };
    return renderRefused(pathname, mod, data, contactHead(data, { site: content.site }));
  }

  /** /reviews as the answer to an invalid review posted without JavaScript, like renderContactWithErrors. */
  function renderReviewsWithErrors(values: Partial<Record<ReviewField, string>>, errors: ReviewErrors): string {
    const pathname = "/reviews";
    const { mod } = match(pathname);
    const data: ReviewsPageData = { ...loadReviewsPage({ params: {}, content }), refused: { values, errors } };
    return renderRefused(pathname, mod, data, reviewsHead(data, { site: content.site }));
  }

  /**
   * /book-estimate as the booking function serves it (the booking function's app.ts), at request
   * time: with the free times (`offer`) of the offer as it is now, and the towns it serves (both
   * may have changed since this build); with `refused`, the answer to a booking posted without
   * JavaScript that could not be taken (noindex, "Error:" first in the title, like the contact page's).
   */
  function renderBookingPage(state: { offer: BookingOffer; towns: ServedTown[]; offered: boolean; refused?: RefusedBooking }): string {
    const pathname = pathTo.bookEstimate;
    const { mod } = match(pathname);
    const data: BookEstimatePageData = { ...loadBookingPage({ params: {}, content }), ...state };
    const head = bookingHead(data, { site: content.site });
    if (state.refused) return renderRefused(pathname, mod, data, head);
    return renderDocument({
      headHtml: renderHead(head, content.site),
      appHtml: renderApp(pathname, mod, data).html,
      assets: pageAssets(assets),
      themeColor,
    });
  }

  /**
   * A post's page as it will be published, for the owner's desk to show while the post is
   * written (scripts/build-engine/post-preview.ts): the same page module, layout and document as the
   * build's, with this post as the content's only one, and no scripts (the desk shows it in a
   * frame that runs none).
   */
  function renderPostPreview(post: SitePost): string {
    const pathname = pathTo.post(post.slug);
    const { params, mod } = match(pathname);
    const data = mod.load({ params, content: { ...content, posts: [post] } });
    if (data === null) throw new Error(`${pathname}: the post page's load() did not find the post`);
    return withoutScripts(pathname, mod, data);
  }

  /**
   * A page of this content as the build writes it, without scripts: the desk's preview of a
   * service, a town or the home page (a renderer made with the edited page in: withEditedPage).
   */
  function renderPreview(pathname: string): string {
    const { params, mod } = match(pathname);
    const data = mod.load({ params, content });
    if (data === null) throw new Error(`${pathname}: the page's load() found no data`);
    return withoutScripts(pathname, mod, data);
  }

  function withoutScripts(pathname: string, mod: PageModule, data: unknown): string {
    return renderDocument({
      headHtml: renderHead(mod.head(data, { site: content.site }), content.site),
      appHtml: renderApp(pathname, mod, data).html,
      assets: { css: assets.css, entry: "", preload: [] },
      themeColor,
    });
  }

  /** A form page answering a refused post (400): noindex, "Error:" first in the title, its own address named. */
  function renderRefused(pathname: string, mod: PageModule, data: unknown, head: Head): string {
    return renderDocument({
      // "Error:" first, so the tab and a screen reader's page announcement say what happened.
      headHtml: renderHead({ ...head, title: `Error: ${head.title}`, noindex: true }, content.site),
      appHtml: renderApp(pathname, mod, data).html,
      assets: pageAssets(assets),
      address: pathname,
      themeColor,
    });
  }

  /**
   * A short page a function answers with (problems with a form post, the owner's review
   * links) as a page of the site (src/components/notice.tsx); noindex. `path` is the page
   * it belongs to: its section in the header, its canonical address.
   */
  function renderNotice(title: string, html: string, path: string): string {
    return renderDocument({
      headHtml: renderHead({ title: `${title} | ${content.site.name}`, description: title, path, noindex: true }, content.site),
      appHtml: renderInFrame(path, <Notice html={html} />).html,
      assets: pageAssets(assets),
      themeColor,
    });
  }

  return { listPaths, prepare, renderPrepared, render, renderContactWithErrors, renderReviewsWithErrors, renderBookingPage, renderNotice, renderPostPreview, renderPreview, rootData };
}
