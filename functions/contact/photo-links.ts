import { createHmac, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { escapeHtml } from "../../src/format/escape-html";
import { apiPath } from "../../src/routes";
import type { Logger } from "../logger";
import type { MessageStore } from "../store/message-store";
import type { PhotoStore } from "../store/photo-store";
import type { Submission } from "../store/records";
import { StoreUnavailableError } from "../store/store-errors";
import { photoHeaders } from "../photos/photo-headers";

// The links to a message's photos in the owner's email (functions/contact/mailer.ts): the email
// carries no attachment, only links, each signed for one photo of one message and good for 30
// days after the message came, so every resend of the email carries the same links. They open
// without signing in (the owner reads mail on any device), so the signature is the key:
// `<message id>.<photo number>.<expiry, unix seconds>.<HMAC-SHA256 of those three, base64url>`,
// keyed by the store's `photo-link-key` (made once, functions/store/key-store.ts). A link altered
// or made up is 404; one past its 30 days is 410. The desk shows the same photos to the signed-in
// owner (functions/desk/screens/message-photos.ts).

export const PHOTO_LINK_LIFETIME_MS = 30 * 24 * 60 * 60_000;

export type PhotoLinkCheck =
  | { ok: true; id: string; index: number }
  | { ok: false; problem: "malformed" | "forged" }
  | { ok: false; problem: "expired"; id: string };

export interface PhotoLinkTokens {
  /** The token for photo `index` (from 0) of a message stored at `createdAt`. */
  sign(id: string, index: number, createdAt: string): string;
  check(token: string): PhotoLinkCheck;
}

// Message ids are UUIDs; anything else is refused before the HMAC is computed.
const TOKEN = /^([0-9a-f-]{36})\.([0-4])\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createPhotoLinkTokens(key: Buffer, clock: () => number = Date.now): PhotoLinkTokens {
  // A fixed label keeps these signatures apart from anything else the key might ever sign.
  const mac = (payload: string): Buffer => createHmac("sha256", key).update(`message-photo:v1:${payload}`).digest();
  return {
    sign(id, index, createdAt) {
      const payload = `${id}.${index}.${Math.floor((Date.parse(createdAt) + PHOTO_LINK_LIFETIME_MS) / 1000)}`;
      return `${payload}.${mac(payload).toString("base64url")}`;
    },
    check(token) {
      const [, id, index, expires, signature] = TOKEN.exec(token) ?? [];
      if (!id || !index || !expires || !signature) return { ok: false, problem: "malformed" };
      // Compared as text: base64url's last letter carries two bits no byte uses, so another
      // letter there decodes to the same bytes, and such a link would not be the one we signed.
      const expected = Buffer.from(mac(`${id}.${index}.${expires}`).toString("base64url"));
      if (!timingSafeEqual(Buffer.from(signature), expected)) return { ok: false, problem: "forged" };
      if (clock() >= Number(expires) * 1000) return { ok: false, problem: "expired", id };
      return { ok: true, id, index: Number(index) };
    },
  };
}

/** The addresses of a message's photos for its email: each whole, and its small copy. */
export function photoLinks(message: Submission, tokens: PhotoLinkTokens, siteUrl: string): Array<{ full: string; small: string }> {
  return (message.photos ?? []).map((_, index) => {
    const full = new URL(`${apiPath.contactPhotos}/${tokens.sign(message.id, index, message.createdAt)}`, siteUrl).href;
    return { full, small: `${full}/small` };
  });
}

export interface PhotoLinkRouteOptions {
  tokens: () => Promise<PhotoLinkTokens>;
  messages: Pick<MessageStore, "get">;
  photos: PhotoStore;
  /** A short page in the site's frame. */
  page: (title: string, body: string) => string;
  logger: Logger;
}

/** GET /api/contact/photos/<token>[/small]: the photo, or a short page saying why not. */
export function photoLinkRoute(options: PhotoLinkRouteOptions): RequestHandler {
  const { messages, photos, page, logger } = options;
  const answer = (res: Parameters<RequestHandler>[1], status: 404 | 410 | 503, title: string, text: string) =>
    res.status(status).set("Cache-Control", "no-store").type("html").send(page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`));
  return async (req, res) => {
    res.set({ "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });
    const token = String(req.params.token ?? "");
    const small = req.params.size === "small";
    if (req.params.size !== undefined && !small) return answer(res, 404, "No such photo", "This link is not one of ours.");
    try {
      const check = (await options.tokens()).check(token);
      if (!check.ok && check.problem === "expired") {
        return answer(res, 410, "This link has expired", "Links to a message's photos work for 30 days. The photos are still with the message in your desk, under Messages.");
      }
      if (!check.ok) return answer(res, 404, "No such photo", "This link is not one of ours, or was changed on its way.");
      const photo = (await messages.get(check.id))?.photos?.[check.index];
      const bytes = photo && (await photos.get(small ? photo.thumb : photo.sha));
      if (!bytes) return answer(res, 404, "No such photo", "This photo is no longer kept.");
      res
        .status(200)
        .set(photoHeaders(`photo-${check.index + 1}${small ? "-small" : ""}.jpg`))
        // The owner's own browser may keep it; a shared cache never.
        .set("Cache-Control", "private, max-age=86400")
        .send(bytes);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      logger.error(`contact: ${error.message}; a photo link answered 503`);
      res.set("Retry-After", "60");
      answer(res, 503, "Not available right now", "The photos cannot be read right now. Try again in a few minutes.");
    }
  };
}
