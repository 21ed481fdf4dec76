import { serviceChoicesReader } from "../../../src/content/services";
import { deskPath, messagePath, messagesHref, type MessageBoxName } from "../../../src/desk/desk-routes";
import type { MessagesData } from "../../../src/desk/screens/messages-screen";
import { messagesCsv } from "../../contact/submissions-report";
import type { MessageQuery } from "../../store/message-store";
import { InvalidCursorError } from "../../store/store-errors";
import type { DeskContext } from "../desk-contract";
import { answerWords, messageData, messageRow, type MessageWording } from "../message-view";
import { formatBusinessTime } from "../../../src/format/business-time";
import type { DeskScreenModule } from "../desk-contract";
import { townNamesReader } from "../town-names";

const title = "Messages";
/** Messages per page: a phone screen and a half; the store reads only these lines (jsonl-read.ts scanBackward). */
export const PAGE_SIZE = 20;
const SEARCH_MAX = 100;
/** Message ids are UUIDs; anything longer is no id of ours. */
const ID = /^[\w-]{1,64}$/;

/**
 * Messages: the inbox and the held spam, newest first, a page at a time with the store's
 * cursor; one message whole with its reply buttons; "Mark handled" / "Not handled" (events in
 * the store, the latest wins, so a repeated post after a dropped connection changes nothing);
 * "Not spam" (the store rescues a post once and queues its email like a new message's);
 * "Delete message" (asked once more on a screen of its own, then erased for good by the store,
 * as the privacy page promises); and the CSV export `npm run submissions -- --csv` prints.
 */
export const messagesScreen: DeskScreenModule = (routes, { store, contentDir, clock, forgetMail }) => {
  const services = serviceChoicesReader(contentDir);
  const towns = townNamesReader(contentDir);
  const wording = async (ctx: DeskContext): Promise<MessageWording> => ({
    timeZone: ctx.site.timeZone,
    services: (await services()).choices,
    towns: await towns(),
  });

  async function list(ctx: DeskContext, box: MessageBoxName): Promise<void> {
    const query = ctx.req.query;
    const search = typeof query.q === "string" ? query.q.trim().slice(0, SEARCH_MAX) : "";
    const handled = box === "inbox" && (query.handled === "yes" || query.handled === "no") ? query.handled : "";
    const cursor = typeof query.cursor === "string" && query.cursor !== "" ? query.cursor : undefined;
    const ask: MessageQuery = { box, limit: PAGE_SIZE, ...(search ? { search } : {}), ...(handled ? { handled: handled === "yes" } : {}), ...(cursor ? { cursor } : {}) };
    let page;
    try {
      page = await store.messages.list(ask);
    } catch (error) {
      if (!(error instanceof InvalidCursorError)) throw error;
      return ctx.show(
        { screen: "problem", title, section: "messages", data: { message: "That page of messages is not one the desk handed out.", back: { href: messagesHref(box), label: "Show the newest" } } },
        { status: 400 },
      );
    }
    const words = await wording(ctx);
    const data: MessagesData = {
      box,
      search,
      handled,
      items: page.items.map((item) => messageRow(item, words)),
      older: page.next && messagesHref(box, { search, handled, cursor: page.next }),
      newest: cursor && messagesHref(box, { search, handled }),
    };
    await ctx.show({ screen: "messages", title: box === "spam" ? "Spam" : title, section: "messages", data });
  }

  const notFound = (ctx: DeskContext) =>
    ctx.show({ screen: "problem", title, section: "messages", data: { message: "There is no such message.", back: { href: deskPath.messages, label: "Back to the inbox" } } }, { status: 404 });
  const idOf = (ctx: DeskContext) => {
    const id = String(ctx.req.params.id ?? "");
    return ID.test(id) ? id : undefined;
  };

  routes.get(deskPath.messages, (ctx) => list(ctx, "inbox"));
  routes.get(deskPath.spam, (ctx) => list(ctx, "spam"));

  routes.get(deskPath.messagesCsv, async (ctx) => {
    const box: MessageBoxName = ctx.req.query.box === "spam" ? "spam" : "inbox";
    const csv = await messagesCsv(store.messages, box, (await services()).choices);
    await ctx.audit(`downloaded the ${box === "spam" ? "spam" : "messages"} as CSV`);
    const day = new Date(clock()).toISOString().slice(0, 10);
    ctx.res
      .status(200)
      .type("text/csv; charset=utf-8")
      .set("Content-Disposition", `attachment; filename="${box === "spam" ? "spam" : "messages"}-${day}.csv"`)
      .send(csv);
  });

  routes.get(`${deskPath.messages}/:id`, async (ctx) => {
    const id = idOf(ctx);
    const item = id && (await store.messages.get(id));
    if (!item) return notFound(ctx);
    const back = item.box === "spam" ? deskPath.spam : deskPath.messages;
    await ctx.show({
      screen: "message",
      title: item.name,
      section: "messages",
      data: messageData(item, await wording(ctx), { siteName: ctx.site.name, back, replyStart: ctx.site.replyStart }),
    });
  });

  // A tap on Call, Text or Email back (src/desk/client/answer-links.ts sends it as the phone's app opens): the first is the answer.
  routes.post(`${deskPath.messages}/:id/answered`, async (ctx) => {
    const id = idOf(ctx);
    const how: unknown = ctx.req.body?.how;
    if (!id || (how !== "call" && how !== "text" && how !== "email")) return ctx.json(400, { ok: false, message: "Say how the message was answered: call, text or email." });
    const outcome = await store.messages.answer(id, how, ctx.owner.email);
    if (!outcome) return ctx.json(404, { ok: false, message: "There is no such message." });
    if (outcome.first) await ctx.audit(`answered a message ${answerWords[how]}`, id);
    ctx.json(200, { ok: true, first: outcome.first, how: outcome.answer.how, at: outcome.answer.at });
  });

  routes.post(`${deskPath.messages}/:id/handled`, async (ctx) => {
    const id = idOf(ctx);
    const handled = ctx.req.body?.handled === "yes" ? true : ctx.req.body?.handled === "no" ? false : undefined;
    if (!id || handled === undefined) return notFound(ctx);
    const event = await store.messages.setHandled(id, handled, ctx.owner.email);
    if (!event) return notFound(ctx);
    await ctx.audit(handled ? "marked a message handled" : "marked a message not handled", id);
    ctx.redirect(messagePath(id), { tone: "done", text: handled ? "Marked handled." : "Marked not handled." });
  });

  routes.get(`${deskPath.messages}/:id/delete`, async (ctx) => {
    const id = idOf(ctx);
    const item = id && (await store.messages.get(id));
    if (!item) return notFound(ctx);
    await ctx.show({
      screen: "message-delete",
      title: "Delete message",
      section: "messages",
      data: { id: item.id, name: item.name, when: formatBusinessTime(item.createdAt, ctx.site.timeZone), photos: item.photos?.length ?? 0 },
    });
  });

  // Erased for good (store messages.erase). A second post (a dropped connection, the back button) finds nothing and says so.
  routes.post(`${deskPath.messages}/:id/delete`, async (ctx) => {
    const id = idOf(ctx);
    if (!id) return notFound(ctx);
    const erased = await store.messages.erase(id, ctx.owner.email);
    // Its email as a file in DATA_DIR (no mail server set up), also when a first try stopped before it.
    await forgetMail?.(id);
    if (!erased) return ctx.redirect(deskPath.messages, { tone: "info", text: "That message is not here: it was deleted already." });
    // The id only: the audit log keeps nothing of what the visitor wrote.
    await ctx.audit("deleted a message", id);
    ctx.redirect(deskPath.messages, { tone: "done", text: "Message deleted." });
  });

  routes.post(`${deskPath.messages}/:id/not-spam`, async (ctx) => {
    const id = idOf(ctx);
    const outcome = id && (await store.messages.rescue(id, ctx.owner.email));
    if (!id || !outcome) return notFound(ctx);
    if (outcome.rescued) await ctx.audit("took a message out of the spam", id);
    ctx.redirect(
      messagePath(id),
      outcome.rescued
        ? { tone: "done", text: "Not spam: it is in the inbox now, and emailed to you like any message." }
        : { tone: "info", text: "It was taken out of the spam already." },
    );
  });
};
