import path from "node:path";
import { z } from "zod";
import type { ContactInput } from "../../../src/content/contact-schema";
import type { Logger } from "../../logger";
import type { MessageBox, MessageItem, MessageQuery, MessageStore } from "../message-store";
import { answerSchema, contactJob, handledEventSchema, newPost, submissionSchema, withPhotos, type Answer, type AnswerWay, type HandledEvent, type LeadSource, type Submission } from "../records";
import { InvalidCursorError } from "../store-errors";
import { appendIn, classifyDataDirError } from "./data-dir";
import { erasedLineText } from "./erased-line";
import { MESSAGE_ANSWERS_FILE, MESSAGE_EVENTS_FILE, MESSAGE_PHOTOS_DIR, SPAM_FILE, SUBMISSIONS_FILE } from "./file-names";
import { createJsonlAppender, type JsonlAppender, type JsonlAppenderOptions } from "./jsonl-append";
import { parseJsonLine, readBytes, readJsonl, scanBackward } from "./jsonl-read";
import type { OutboxFiles } from "./outbox-files";
import { removePhotos } from "./photo-folder";

export interface MessageFilesOptions {
  dataDir: string;
  clock: () => number;
  logger: Logger;
  outbox: OutboxFiles;
  /** How the files are opened (functions/contact/group-commit.test.ts fails an fsync on purpose). */
  openFile?: JsonlAppenderOptions["openFile"];
}

export type MessageFiles = MessageStore & {
  close(): Promise<void>;
  /** Write + fsync rounds of submissions.jsonl so far (group commit: fewer than posts). */
  readonly flushes: number;
};

/** What the retention sweep reads of a line: its id and when it came. */
const receivedSchema = z.object({ id: z.string(), createdAt: z.string() });

const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;
/** How many message offsets `get` remembers (each a few dozen bytes); past it they are forgotten at once, a hint is all they are. */
const REMEMBERED_OFFSETS = 10_000;
/** Longer than any line a message makes (5,000 characters, each at most 6 bytes as JSON). */
const MAX_LINE_BYTES = 64 * 1024;

/**
 * Messages in DATA_DIR: submissions.jsonl (the inbox; each line is also its mail job),
 * spam.jsonl (held back), message-events.jsonl ("Handled" / "Not handled", the latest wins),
 * message-answers.jsonl (each message's first answer, one line each: this process's answers take turns).
 * Lists read the files backwards from the end or the cursor (a cursor is a byte offset), so
 * a page costs the lines it shows and those its filter passes over, whatever the file's size.
 * The handled events and which spam was rescued are read once and kept.
 */
export function createMessageFiles(options: MessageFilesOptions): MessageFiles {
  const { dataDir, clock, logger, outbox, openFile } = options;
  const files: Record<MessageBox, string> = { inbox: path.join(dataDir, SUBMISSIONS_FILE), spam: path.join(dataDir, SPAM_FILE) };
  const appenders: Record<MessageBox, JsonlAppender> = {
    inbox: createJsonlAppender(files.inbox, logger, { openFile }),
    spam: createJsonlAppender(files.spam, logger, { openFile }),
  };
  const events = createJsonlAppender(path.join(dataDir, MESSAGE_EVENTS_FILE), logger);
  const answersFile = path.join(dataDir, MESSAGE_ANSWERS_FILE);
  const answers = createJsonlAppender(answersFile, logger);
  let answering: Promise<unknown> = Promise.resolve();
  const offsets: Record<MessageBox, Map<string, number>> = { inbox: new Map(), spam: new Map() };
  const eventsFile = path.join(dataDir, MESSAGE_EVENTS_FILE);
  /** Every message's latest event, read once a list filters by it; until then a page reads only the events it needs (latestEvents). */
  let handledEvents: Promise<Map<string, HandledEvent>> | undefined;
  let rescuedIds: Promise<Map<string, Submission>> | undefined;
  /** "Not spam" and erase take turns (`inTurn`): a message is rescued or erased whole, never half of each. */
  let rescuing: Promise<unknown> = Promise.resolve();
  const inTurn = <T,>(work: () => Promise<T>): Promise<T> => {
    const turn = rescuing.then(work);
    rescuing = turn.catch(() => undefined);
    return turn;
  };

  const now = (): string => new Date(clock()).toISOString();

  /** Where a listed message's line is, for `get` when the owner opens it. */
  function remember(box: MessageBox, id: string, start: number): void {
    const known = offsets[box];
    if (known.size >= REMEMBERED_OFFSETS) known.clear();
    known.set(id, start);
  }

  // A message just stored is not remembered: `get` finds it at once reading back from the end.
  async function write(box: MessageBox, record: Submission): Promise<Submission> {
    await appendIn(dataDir, appenders[box], record);
    return record;
  }

  const record = (input: ContactInput, source: LeadSource | undefined): Submission => newPost(input, now(), source);

  function handled(): Promise<Map<string, HandledEvent>> {
    handledEvents ??= readJsonl(eventsFile, (value) => handledEventSchema.safeParse(value).data, logger).then(
      (list) => new Map(list.map((event) => [event.id, event])),
      (error: unknown) => {
        handledEvents = undefined;
        throw error;
      },
    );
    return handledEvents;
  }

  /** Rescued messages by id: the inbox lines that carry `rescued`. */
  function rescued(): Promise<Map<string, Submission>> {
    rescuedIds ??= (async () => {
      const found = new Map<string, Submission>();
      await scanBackward(files.inbox, (text) => {
        if (!text.includes('"rescued":')) return false;
        const message = parseMessage(text);
        if (message?.rescued) found.set(message.id, message);
        return false;
      });
      return found;
    })().catch((error: unknown) => {
      rescuedIds = undefined;
      throw error;
    });
    return rescuedIds;
  }

  /** The line of message `id` in `box`: where `get` or a list last saw it, else by reading back from the end. */
  async function find(box: MessageBox, id: string): Promise<Submission | undefined> {
    const start = offsets[box].get(id);
    if (start !== undefined) {
      const bytes = await readBytes(files[box], start, MAX_LINE_BYTES);
      const end = bytes.indexOf(0x0a);
      const message = end > 0 ? parseMessage(bytes.toString("utf8", 0, end)) : undefined;
      if (message?.id === id) return message;
    }
    let found: Submission | undefined;
    await scanBackward(files[box], (text, at) => {
      if (lineId(text) !== id) return false;
      found = parseMessage(text);
      if (found) remember(box, id, at);
      return found !== undefined;
    });
    return found;
  }

  async function view(box: MessageBox, messages: Submission[]): Promise<MessageItem[]> {
    if (box === "spam") {
      const inbox = await rescued();
      return messages.map((message) => {
        const rescue = inbox.get(message.id)?.rescued;
        return { ...message, box, ...(rescue ? { rescued: rescue } : {}) };
      });
    }
    const [events, answered, delivery] = await Promise.all([
      handledEvents ?? latestLines(eventsFile, messages, parseHandled),
      latestLines(answersFile, messages, parseAnswer),
      outbox.delivery(messages.map((m) => m.id)),
    ]);
    return messages.map((message) => {
      const event = events.get(message.id);
      const answer = answered.get(message.id);
      const state = delivery.get(message.id);
      return { ...message, box, ...(event ? { handled: event } : {}), ...(answer ? { answered: answer } : {}), ...(state ? { delivery: state } : {}) };
    });
  }

  return {
    get flushes() {
      return appenders.inbox.flushes;
    },

    async add(input, source, photos) {
      const message = await write("inbox", withPhotos(record(input, source), photos));
      // The line is the job: a sender in this process takes it now, any other after a restart.
      void outbox.noteQueued(contactJob(message)).catch((error: unknown) => logger.error(`contact: could not queue the notification for ${message.id}`, error));
      return message;
    },

    hold: (input, spamReason, source) => write("spam", { ...record(input, source), spamReason }),

    async list(query: MessageQuery = {}) {
      const box = query.box ?? "inbox";
      const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(query.limit ?? DEFAULT_PAGE)));
      const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor, box);
      const match = searchMatcher(query.search);
      const wanted = box === "inbox" ? query.handled : undefined;
      const states = wanted === undefined ? undefined : await handled();
      const page: Array<{ message: Submission; start: number }> = [];
      let more = false;
      await scanBackward(
        files[box],
        (text, start) => {
          if (match && !match.line(text)) return false;
          if (states && (states.get(lineId(text) ?? "")?.handled ?? false) !== wanted) return false;
          const message = parseMessage(text);
          if (!message || (match && !match.message(message))) return false;
          // One match past the page says whether there is a next one.
          if (page.length === limit) {
            more = true;
            return true;
          }
          page.push({ message, start });
          return false;
        },
        before,
      );
      for (const { message, start } of page) remember(box, message.id, start);
      const last = page.at(-1);
      return { items: await view(box, page.map((p) => p.message)), ...(more && last ? { next: encodeCursor(box, last.start) } : {}) };
    },

    async get(id) {
      for (const box of ["inbox", "spam"] as const) {
        const message = await find(box, id);
        if (message) return (await view(box, [message]))[0];
      }
      return undefined;
    },

    async setHandled(id, isHandled, by) {
      const message = await find("inbox", id);
      if (!message) return undefined;
      const event: HandledEvent = { id, handled: isHandled, by, at: now() };
      await appendIn(dataDir, events, event);
      (await handledEvents)?.set(id, event);
      if (isHandled) await answerOnce(message, "handled", by, event.at);
      return event;
    },

    async answer(id, how, by) {
      const message = await find("inbox", id);
      return message && answerOnce(message, how, by, now());
    },

    rescue(spamId, by) {
      // One at a time, so that two presses of "Not spam" store the message once.
      return inTurn(async () => {
        const done = (await rescued()).get(spamId);
        if (done) return { message: done, rescued: false };
        const held = await find("spam", spamId);
        if (!held) return undefined;
        const { spamReason = "", ...fields } = held;
        const message = await write("inbox", { ...fields, rescued: { by, at: now(), spamReason } });
        (await rescued()).set(spamId, message);
        void outbox.noteQueued(contactJob(message)).catch((error: unknown) => logger.error(`contact: could not queue the notification for ${message.id}`, error));
        return { message, rescued: true };
      });
    },

    // The lines are erased in place (erased-line.ts), not cut out: every list cursor, remembered
    // offset and outbox watermark is a byte offset into these files and stays true.
    erase(id) {
      return inTurn(async () => {
        const lines: Array<{ box: MessageBox; start: number; message: Submission }> = [];
        // Photos other messages name too (the same bytes sent twice) stay theirs.
        const namedElsewhere = new Set<string>();
        for (const box of ["inbox", "spam"] as const) {
          await scanBackward(files[box], (text, start) => {
            const mine = lineId(text) === id;
            if (!mine && !text.includes('"photos":')) return false;
            const message = parseMessage(text);
            if (message && mine) lines.push({ box, start, message });
            else for (const photo of message?.photos ?? []) namedElsewhere.add(photo.sha).add(photo.thumb);
            return false;
          });
        }
        if (lines.length === 0) return false;
        // The mail first: a crash after it leaves a message that is not mailed, never a mail of an erased message.
        await outbox.forget("message", id);
        const photos = lines.flatMap(({ message }) => (message.photos ?? []).flatMap((photo) => [photo.sha, photo.thumb]));
        await removePhotos(path.join(dataDir, MESSAGE_PHOTOS_DIR), photos.filter((sha) => !namedElsewhere.has(sha)));
        for (const { box, start } of lines) {
          try {
            await appenders[box].overwrite(start, (line) => (lineId(line) === id ? erasedLineText(id, Buffer.byteLength(line)) : undefined));
          } catch (error) {
            throw classifyDataDirError(dataDir, error);
          }
          offsets[box].delete(id);
        }
        (await rescuedIds)?.delete(id);
        return true;
      });
    },

    all: (box) => readJsonl(files[box], (value) => submissionSchema.safeParse(value).data, logger),

    async receivedBefore(before) {
      const at = Date.parse(before);
      const ids = new Set<string>();
      for (const box of ["inbox", "spam"] as const) {
        const lines = await readJsonl(files[box], (value) => receivedSchema.safeParse(value).data, logger).catch((error: unknown) => {
          throw classifyDataDirError(dataDir, error);
        });
        for (const line of lines) if (Date.parse(line.createdAt) < at) ids.add(line.id);
      }
      return [...ids];
    },

    async close() {
      await answering;
      await Promise.all([appenders.inbox.close(), appenders.spam.close(), events.close(), answers.close()]);
    },
  };

  /** Keeps `how` as the message's answer unless it has one: this process's answers take turns, so the check and the write are one. */
  function answerOnce(message: Submission, how: AnswerWay, by: string, at: string): Promise<{ answer: Answer; first: boolean }> {
    const turn = answering.then(async () => {
      const known = (await latestLines(answersFile, [message], parseAnswer)).get(message.id);
      if (known) return { answer: known, first: false };
      const answer: Answer = { id: message.id, how, by, at };
      await appendIn(dataDir, answers, answer);
      return { answer, first: true };
    });
    answering = turn.catch(() => undefined);
    return turn;
  }
}

/** Margin for a clock set back between storing a message and handling it. */
const CLOCK_SLACK_MS = 24 * 60 * 60_000;

const parseHandled = (text: string): HandledEvent | undefined => handledEventSchema.safeParse(parseJsonLine(text)).data;
const parseAnswer = (text: string): Answer | undefined => answerSchema.safeParse(parseJsonLine(text)).data;

/**
 * The latest line about each of `messages` (message-events.jsonl, message-answers.jsonl), reading
 * the file back from its end only as far as the oldest of them: such a line is written after its
 * message was stored, so older lines cannot be about these. A first page costs the lines since its
 * messages came in.
 */
async function latestLines<T extends { id: string; at: string }>(file: string, messages: readonly Submission[], parse: (text: string) => T | undefined): Promise<Map<string, T>> {
  const wanted = new Set(messages.map((m) => m.id));
  const since = Math.min(...messages.map((m) => Date.parse(m.createdAt))) - CLOCK_SLACK_MS;
  const found = new Map<string, T>();
  if (wanted.size === 0) return found;
  await scanBackward(file, (text) => {
    const event = parse(text);
    if (!event) return false;
    if (Date.parse(event.at) < since) return true;
    if (wanted.has(event.id) && !found.has(event.id)) found.set(event.id, event);
    return found.size === wanted.size;
  });
  return found;
}

const parseMessage = (text: string): Submission | undefined => submissionSchema.safeParse(parseJsonLine(text)).data;

/** A line's id without parsing it, as this store writes lines (`{"id":"...`); otherwise from its JSON. */
function lineId(text: string): string | undefined {
  if (text.startsWith('{"id":"')) {
    const end = text.indexOf('"', 7);
    const id = text.slice(7, end);
    if (end > 7 && !id.includes("\\")) return id;
  }
  const value = parseJsonLine(text);
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "string" ? value.id : undefined;
}

function encodeCursor(box: MessageBox, start: number): string {
  return Buffer.from(`${box}:${start}`).toString("base64url");
}

function decodeCursor(cursor: string, box: MessageBox): number {
  const match = /^(inbox|spam):(\d{1,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match || match[1] !== box) throw new InvalidCursorError();
  return Number(match[2]);
}

const digitsOf = (text: string): string => text.replace(/\D/g, "");
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What a search keeps: a message whose name, email or text holds the words (any case), or
 * whose phone number holds the digits of a query that is a phone number or part of one.
 * `line` is a quick test on the stored line as it is, passing every line that may match
 * (a phone number's digits may be apart there: "(803) 555-0142"), so most lines are never parsed.
 */
function searchMatcher(search: string | undefined): { line: (text: string) => boolean; message: (message: Submission) => boolean } | undefined {
  const query = search?.trim() ?? "";
  if (query === "") return undefined;
  const words = new RegExp(escapeRegExp(query), "iu");
  const digits = /^[\d\s()+.-]+$/.test(query) ? digitsOf(query) : "";
  const phone = digits.length >= 3 ? new RegExp(digits.split("").join("\\D{0,3}")) : undefined;
  // JSON writes these characters as escapes, so the raw line would not show them as typed.
  const rawWords = /["\\\u0000-\u001f]/.test(query) ? undefined : words;
  return {
    line: (text) => (rawWords ? rawWords.test(text) : true) || (phone?.test(text) ?? false),
    message: (message) =>
      words.test(message.name) || words.test(message.email) || words.test(message.message) || (phone !== undefined && digitsOf(message.phone).includes(digits)),
  };
}
