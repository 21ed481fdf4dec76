import { lakeMurrayShore } from "../../../src/components/map/lake-murray";
import { fitProjection, type LatLng } from "../../../src/components/map/projection";
import { deskPath, sectionPath, sitePagePath, type SitePageKind } from "../../../src/desk/desk-routes";
import { pageGroups, type PageField } from "../../../src/desk/page-fields";
import { formatProblem, isContentError } from "../../../src/content/content-error";
import type { MapPick, SitePageData } from "../../../src/desk/screens/site-page-screen";
import { formatBusinessTime } from "../../../src/format/business-time";
import { pathTo } from "../../../src/routes";
import type { DeskContext, DeskScreenModule } from "../desk-contract";
import { PhotoLibrary } from "../pages/photo-library";
import { SitePages, type PageFile, type PagePost } from "../pages/site-pages";
import { addUploadRoutes } from "../posts/upload-routes";

// Services, Service areas and Home page (functions/desk/pages/site-pages.ts does the work; the
// screens are src/desk/screens/site-page-screen.tsx). Every answer to a form is Post/Redirect/Get,
// or the form again with each problem beside its field, in the build's words.

const sectionOf = { service: "services", town: "service-areas", home: "home-page" } as const;
const kindNames: Record<SitePageKind, string> = { service: "Services", town: "Service areas", home: "Home page" };

const text = (v: unknown): string => (typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : "");

/** The towns drawn for a tap, on a map a little larger than the towns' own (a new town may be further out). */
export function mapPick(towns: readonly PageFile[], current?: PageFile): MapPick {
  const placed = towns.flatMap((t) => {
    const map = t.data.map as LatLng | undefined;
    return map ? [{ name: String(t.data.name ?? ""), primary: t.data.primary === true, map }] : [];
  });
  const points = [...placed.map((t) => t.map), ...lakeMurrayShore];
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  // About six miles more on every side: room to tap a town beyond the ones served now.
  const margin = { lat: 0.09, lng: 0.11 };
  const corners = [
    { latitude: Math.max(...lats) + margin.lat, longitude: Math.min(...lngs) - margin.lng },
    { latitude: Math.min(...lats) - margin.lat, longitude: Math.max(...lngs) + margin.lng },
  ];
  const projection = fitProjection(corners, 600, 0);
  const [nw, se] = corners as [LatLng, LatLng];
  const lake = lakeMurrayShore.map((p, i) => `${i === 0 ? "M" : "L"}${projection.point(p).x},${projection.point(p).y}`).join("") + "Z";
  const own = current?.data.map as LatLng | undefined;
  return {
    width: projection.width,
    height: projection.height,
    bounds: { west: nw.longitude, east: se.longitude, north: nw.latitude, south: se.latitude },
    towns: placed.map((t) => ({ name: t.name, primary: t.primary, ...projection.point(t.map) })),
    lake,
    ...(own ? { current: projection.point(own) } : {}),
  };
}

/** A place posted by the map (two numbers inside South Carolina), or none. */
function postedPlace(body: Record<string, unknown> | undefined): LatLng | undefined {
  const latitude = Number(text(body?.latitude));
  const longitude = Number(text(body?.longitude));
  if (text(body?.latitude) === "" || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (latitude < 32 || latitude > 35.3 || longitude < -83.4 || longitude > -78.5) return undefined;
  return { latitude, longitude };
}

/** A page's form as posted (the editor's Save, or its Preview): the fields by name, the version it was filled from, a new photo, a town's place. */
function postedPage(ctx: DeskContext, kind: SitePageKind): { post: PagePost; fields: Record<string, string> } {
  const body: Record<string, unknown> = ctx.req.body ?? {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === "string") fields[key] = value;
  const photoSha = text(body.heroPhotoSha);
  const post: PagePost = {
    baseSha: text(body.baseSha),
    fields,
    ...(photoSha ? { photo: { sha: photoSha, name: text(body.heroPhotoName) } } : text(body.removeHeroPhoto) === "yes" ? { photo: "remove" as const } : {}),
    ...(kind === "town" && postedPlace(body) ? { place: postedPlace(body) } : {}),
  };
  return { post, fields };
}

export const sitePagesScreen: DeskScreenModule = (routes, { sitePages, posts, contentDir }) => {
  if (!sitePages || !posts) {
    // The contact function alone does not build the site: the pages are changed where it is built.
    for (const kind of ["service", "town", "home"] as const) {
      routes.get(sectionPath(sectionOf[kind]), (ctx) => ctx.show({ screen: "elsewhere", title: kindNames[kind], section: sectionOf[kind], data: { section: "pages" } }));
    }
    routes.get(deskPath.photos, (ctx) => ctx.show({ screen: "elsewhere", title: "Photos", section: "photos", data: { section: "pages" } }));
    return;
  }
  const pages: SitePages = sitePages;
  const when = (ctx: DeskContext, at: string) => formatBusinessTime(at, ctx.site.timeZone);

  const nameOf = (file: PageFile) => (file.kind === "home" ? "Home page" : String(file.kind === "service" ? file.data.title : file.data.name) || file.slug);
  const liveUrl = (file: PageFile) => (file.kind === "home" ? "/" : file.kind === "service" ? pathTo.service(file.slug) : pathTo.town(file.slug));

  /** The editor for `file`, with what the last attempt came to. */
  async function showEditor(ctx: DeskContext, file: PageFile, extra: Partial<SitePageData> = {}, posted?: Record<string, string>, status = 200) {
    const fields: PageField[] = pages.fields(file).map((f) => (posted?.[f.name] !== undefined ? { ...f, value: posted[f.name]! } : f));
    const hero = pages.heroPhoto(file);
    const towns = file.kind === "town" ? await pages.list("town") : [];
    await ctx.show(
      {
        screen: "site-page",
        title: nameOf(file),
        section: sectionOf[file.kind],
        // The form and, beside it, its preview.
        layout: "wide",
        data: {
          kind: file.kind,
          slug: file.slug,
          name: nameOf(file),
          file: file.shown,
          baseSha: file.sha,
          liveUrl: liveUrl(file),
          groups: pageGroups[file.kind].map((g) => ({ id: g.id, heading: g.heading, open: g.open === true })),
          fields,
          errors: {},
          other: [],
          publishes: true,
          ...(hero ? { photo: { file: hero.inner, ...((await pages.thumb(hero.inner)) ? { thumb: await pages.thumb(hero.inner) } : {}) } } : {}),
          ...(file.kind === "town" ? { pick: mapPick(towns, file), removable: file.data.primary !== true } : {}),
          ...extra,
        },
      },
      { status },
    );
  }

  /** The page's file, or a screen saying what is wrong with it (a mistake made on the server), in the build's words. */
  async function readOrSay(ctx: DeskContext, kind: SitePageKind, slug: string): Promise<PageFile | undefined> {
    try {
      const file = await pages.read(kind, slug);
      if (!file) await notFound(ctx, kind);
      return file;
    } catch (error) {
      if (!isContentError(error) && !(error instanceof SyntaxError)) throw error;
      const words = isContentError(error) ? error.problems.map(formatProblem).join("; ") : `content/home.json: ${error.message}`;
      await ctx.show(
        { screen: "problem", title: kindNames[kind], section: sectionOf[kind], data: { message: `The file has a mistake, so the form cannot be filled: ${words}. Fix it on the server.`, back: { href: sectionPath(sectionOf[kind]), label: "Back to the list" } } },
        { status: 409 },
      );
      return undefined;
    }
  }

  function notFound(ctx: DeskContext, kind: SitePageKind) {
    return ctx.show(
      { screen: "problem", title: kindNames[kind], section: sectionOf[kind], data: { message: "There is no such page: it may have been removed.", back: { href: sectionPath(sectionOf[kind]), label: "Back to the list" } } },
      { status: 404 },
    );
  }

  // ------------------------------------------------------------ the lists

  routes.get(deskPath.services, async (ctx) => {
    const services = await pages.list("service");
    await ctx.show({
      screen: "services",
      title: "Services",
      section: "services",
      data: { items: services.map((s) => ({ slug: s.slug, name: nameOf(s), href: sitePagePath("service", s.slug) })), version: SitePages.orderVersion(services), publishes: true },
    });
  });

  routes.post(deskPath.serviceOrder, async (ctx) => {
    const move = text(ctx.req.body?.move) === "down" ? "down" : "up";
    const result = await pages.moveService(text(ctx.req.body?.slug), move, text(ctx.req.body?.version), ctx.owner.email);
    if (result.ok) await ctx.audit("changed the order of the services", `${text(ctx.req.body?.slug)} ${move}`);
    ctx.redirect(deskPath.services, { tone: result.ok ? "done" : "problem", text: result.message });
  });

  routes.get(deskPath.serviceAreas, async (ctx) => {
    const towns = await pages.list("town");
    await ctx.show({
      screen: "towns",
      title: "Service areas",
      section: "service-areas",
      data: {
        items: towns.map((t) => ({
          slug: t.slug,
          name: nameOf(t),
          href: sitePagePath("town", t.slug),
          ...(t.data.primary === true ? { note: "Home town" } : t.data.map === undefined ? { note: "Not on the map yet" } : {}),
        })),
      },
    });
  });

  routes.get(deskPath.townAdd, async (ctx) => {
    await ctx.show({ screen: "town-add", title: "Add a town", section: "service-areas", data: { name: "", pick: mapPick(await pages.list("town")) } });
  });

  routes.post(deskPath.townAdd, async (ctx) => {
    const name = text(ctx.req.body?.name);
    const result = await pages.addTown(name, postedPlace(ctx.req.body), ctx.owner.email);
    if (!result.ok) {
      return ctx.show({ screen: "town-add", title: "Add a town", section: "service-areas", data: { name, error: result.error, pick: mapPick(await pages.list("town")) } }, { status: 400 });
    }
    await ctx.audit("added a town", pathTo.town(result.file.slug));
    ctx.redirect(sitePagePath("town", result.file.slug), { tone: "done", text: result.message });
  });

  // ------------------------------------------------------------ one page

  const kinds = [
    { kind: "service" as const, base: deskPath.services },
    { kind: "town" as const, base: deskPath.serviceAreas },
    { kind: "home" as const, base: deskPath.homePage },
  ];
  for (const { kind, base } of kinds) {
    const at = kind === "home" ? base : `${base}/:slug`;
    const slugOf = (ctx: DeskContext) => (kind === "home" ? "" : String(ctx.req.params.slug));

    routes.get(at, async (ctx) => {
      const file = await readOrSay(ctx, kind, slugOf(ctx));
      if (file) await showEditor(ctx, file);
    });

    routes.post(at, async (ctx) => {
      const { post, fields } = postedPage(ctx, kind);
      if (!(await readOrSay(ctx, kind, slugOf(ctx)))) return;
      const result = await pages.save(kind, slugOf(ctx), post, ctx.owner.email);
      if (!result.ok && "conflict" in result) return showEditor(ctx, result.file, { conflict: result.conflict }, fields, 409);
      if (!result.ok) {
        const file = await pages.read(kind, slugOf(ctx));
        if (!file) return notFound(ctx, kind);
        return showEditor(ctx, file, { errors: result.errors, other: result.other }, fields, 400);
      }
      if (result.changed) await ctx.audit(`changed the page ${nameOf(result.file)}`, result.file.shown);
      ctx.redirect(sitePagePath(kind, slugOf(ctx)), { tone: result.changed ? "done" : "info", text: result.message });
    });

    // The page as it will be published with the form as typed (nothing saved): JSON for the editor's
    // preview column (src/desk/client/preview-column.ts); without JavaScript, the page itself, or the
    // editor again with each problem beside its field.
    routes.post(`${kind === "home" ? base : `${base}/:slug`}/preview`, async (ctx) => {
      const { post, fields } = postedPage(ctx, kind);
      const json = Boolean(ctx.req.is("application/json"));
      const result = await pages.preview(kind, slugOf(ctx), post);
      if (json) {
        if (result.ok) return ctx.json(200, { ok: true, html: result.html });
        return ctx.json(200, { ok: true, problems: [...Object.entries(result.errors).map(([field, message]) => ({ field, message })), ...result.other.map((message) => ({ message }))] });
      }
      if (result.ok) {
        ctx.res.type("html").send(result.html);
        return;
      }
      const file = await readOrSay(ctx, kind, slugOf(ctx));
      if (file) await showEditor(ctx, file, { errors: result.errors, other: result.other }, fields, 400);
    });

    routes.get(`${kind === "home" ? base : `${base}/:slug`}/history`, async (ctx) => {
      const file = await pages.read(kind, slugOf(ctx));
      if (!file) return notFound(ctx, kind);
      const versions = await pages.history(file);
      await ctx.show({
        screen: "page-history",
        title: "Earlier versions",
        section: sectionOf[kind],
        data: {
          kind,
          slug: file.slug,
          name: nameOf(file),
          baseSha: file.sha,
          items: versions.map((v, i) => ({ id: v.id, when: when(ctx, v.at), event: v.event, ...(v.by ? { by: v.by } : {}), current: i === 0 && v.text === file.text })),
        },
      });
    });

    routes.post(`${kind === "home" ? base : `${base}/:slug`}/restore`, async (ctx) => {
      const result = await pages.restore(kind, slugOf(ctx), text(ctx.req.body?.versionId), text(ctx.req.body?.baseSha), ctx.owner.email);
      const back = sitePagePath(kind, slugOf(ctx));
      if (!result.ok) {
        const words = "conflict" in result ? "Not restored: the page changed since the history was opened. Look at it again." : `Not restored: ${[...Object.values(result.errors), ...result.other].join("; ")}`;
        return ctx.redirect(sitePagePath(kind, slugOf(ctx), "history"), { tone: "problem", text: words });
      }
      await ctx.audit("restored an earlier version of a page", result.file.shown);
      ctx.redirect(back, { tone: "done", text: result.message });
    });
  }

  routes.post(`${deskPath.serviceAreas}/:slug/remove`, async (ctx) => {
    const slug = String(ctx.req.params.slug);
    const result = await pages.removeTown(slug, text(ctx.req.body?.baseSha), ctx.owner.email);
    if (!result.ok) return ctx.redirect(sitePagePath("town", slug), { tone: "problem", text: result.error });
    await ctx.audit("removed a town", pathTo.town(slug));
    ctx.redirect(deskPath.serviceAreas, { tone: "done", text: result.message });
  });

  // ------------------------------------------------------------ a hero photo on its way up (as a post's: posts/uploads.ts, photo-upload.ts)

  addUploadRoutes(routes, deskPath.pageUpload, posts, async (ctx, finish) => {
    const description = text(ctx.req.body?.description).trim() || "hero photo";
    // Checked, turned, re-encoded and kept in the store as a post's photo is (posts/photo-upload.ts); its file name from its description.
    const photo = await posts.desk.addPhoto(await finish(), description, []);
    await ctx.audit("added a photo", photo.name);
    ctx.json(200, { ok: true, ...photo });
  });

  // ------------------------------------------------------------ the photo library

  const library = new PhotoLibrary({ contentDir, store: pages.store, publish: pages.publish, loadSharp: posts.loadSharp });
  routes.get(deskPath.photos, async (ctx) => {
    const photos = await library.list();
    await ctx.show({
      screen: "photos",
      title: "Photos",
      section: "photos",
      data: { photos: await Promise.all(photos.map(async (p) => ({ file: p.file, uses: p.uses.map(({ where, alt, href }) => ({ where, alt, href })), ...(await thumbOf(p.file)) }))) },
    });
  });
  const thumbOf = async (file: string) => {
    const thumb = await pages.thumb(file);
    return thumb ? { thumb } : {};
  };
  routes.post(deskPath.photoReplace, async (ctx) => {
    const file = text(ctx.req.body?.file);
    const result = await library.replace(file, text(ctx.req.body?.sha));
    if (result.ok) await ctx.audit("replaced a photo everywhere", file);
    ctx.redirect(deskPath.photos, { tone: result.ok ? "done" : "problem", text: result.message });
  });
  routes.post(deskPath.photoRemove, async (ctx) => {
    const file = text(ctx.req.body?.file);
    const result = await library.remove(file);
    if (result.ok) await ctx.audit("removed a photo", file);
    ctx.redirect(deskPath.photos, { tone: result.ok ? "done" : "problem", text: result.message });
  });

  routes.get(`${deskPath.photos}/thumb/:file`, async (ctx) => {
    const file = await pages.servableThumb(String(ctx.req.params.file));
    if (!file) return notFound(ctx, "home");
    ctx.res.set("Cache-Control", "private, max-age=31536000, immutable").sendFile(file, { dotfiles: "allow" });
  });
};
