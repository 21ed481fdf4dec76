import type sharpModule from "sharp";
import { PHOTO_PART_BYTES } from "../../../src/desk/desk-page";
import { rawBody } from "../../http/request-body";
import type { DeskContext, DeskRoutes } from "../desk-contract";
import { checkUploadStart, UploadRefused } from "./photo-upload";
import type { PhotoUploads } from "./uploads";

const rawPart = rawBody(PHOTO_PART_BYTES);

/**
 * A section's photo uploads at `base`, one home for Posts, the site's pages (hero photos and the
 * photo library) and Our work (the desk script's side: src/desk/client/photo-upload.ts for posts,
 * photo-send.ts for the others): POST `base` JSON { size } begins one; POST `base/<id>?offset=N`
 * its bytes, in parts (the page's token in a header), the first checked at once (photo-upload.ts);
 * POST `base/<id>/done` hands `done` the whole photo (`finish`), to check, re-encode and keep. Every
 * refusal is a 400 with the owner's words.
 */
export function addUploadRoutes(
  routes: DeskRoutes,
  base: string,
  { uploads, loadSharp }: { uploads: PhotoUploads; loadSharp: () => Promise<typeof sharpModule> },
  done: (ctx: DeskContext, finish: () => Promise<Buffer>) => Promise<void>,
): void {
  const refused = (ctx: DeskContext, error: unknown) => {
    if (!(error instanceof UploadRefused)) throw error;
    ctx.json(400, { ok: false, message: error.message });
  };
  routes.post(base, async (ctx) => {
    try {
      ctx.json(200, { ok: true, id: await uploads.start(Number(ctx.req.body?.size)) });
    } catch (error) {
      refused(ctx, error);
    }
  });
  routes.post(`${base}/:id`, async (ctx) => {
    const body = await new Promise<unknown>((ok, fail) => rawPart(ctx.req, ctx.res, (error?: unknown) => (error ? fail(error) : ok(ctx.req.body)))).catch(() => undefined);
    if (!Buffer.isBuffer(body)) return ctx.json(400, { ok: false, message: "This photo's upload went wrong: add the photo again." });
    try {
      const sharp = await loadSharp();
      const received = await uploads.append(String(ctx.req.params.id), Number(ctx.req.query.offset), body, (first) => checkUploadStart(first, sharp));
      ctx.json(200, { ok: true, received });
    } catch (error) {
      refused(ctx, error);
    }
  });
  routes.post(`${base}/:id/done`, async (ctx) => {
    try {
      await done(ctx, () => uploads.finish(String(ctx.req.params.id)));
    } catch (error) {
      refused(ctx, error);
    }
  });
}
