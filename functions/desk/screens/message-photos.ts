import { deskPath } from "../../../src/desk/desk-routes";
import { photoHeaders } from "../../photos/photo-headers";
import type { DeskScreenModule } from "../desk-contract";

const ID = /^[\w-]{1,64}$/;

/**
 * The photos of a message, for the signed-in owner only (src/desk/screens/message-photos.tsx
 * shows them; signed out, the desk sends the browser to sign in): whole, or the small copy.
 * Private to the owner's own browser: it may keep them, a shared cache never.
 */
export const messagePhotosScreen: DeskScreenModule = (routes, { store }) => {
  routes.get(`${deskPath.messages}/:id/photos/:n{/:size}`, async (ctx) => {
    const [id, n, size] = [String(ctx.req.params.id ?? ""), String(ctx.req.params.n ?? ""), ctx.req.params.size === undefined ? undefined : String(ctx.req.params.size)];
    const index = /^[1-5]$/.test(n) ? Number(n) - 1 : -1;
    const photo = ID.test(id) && index >= 0 && (size === undefined || size === "small") ? (await store.messages.get(id))?.photos?.[index] : undefined;
    const bytes = photo && (await store.messagePhotos.get(size === "small" ? photo.thumb : photo.sha));
    if (!bytes) {
      ctx.res.status(404).type("text/plain").send("There is no such photo.");
      return;
    }
    ctx.res
      .status(200)
      .set(photoHeaders(`photo-${index + 1}${size ? "-small" : ""}.jpg`))
      .set({ "Cache-Control": "private, max-age=86400", "Cross-Origin-Resource-Policy": "same-origin" })
      .send(bytes);
  });
};
