import { Fragment } from "react";
import { deskPath, messageAnsweredPath, messageDeletePath, messageHandledPath, messageNotSpamPath, messagePath, messagesHref, type MessageBoxName } from "../desk-routes";
import { sectionPath } from "../desk-routes";
import { Button, Card, DeskForm } from "../desk-ui";
import * as ui from "../desk-ui.css";
import { DeleteStep } from "./delete-step";
import { MessagePhotos, type MessagePhotoLink } from "./message-photos";
import * as css from "./messages-screen.css";

/** The owner's notification email of a message. */
export type MessageDelivery = "waiting" | "sent" | "failed";

/** One message as the list shows it; the desk server's screens/messages.ts words every field. */
export interface MessageRow {
  id: string;
  name: string;
  /** When it came, on the business's clock. */
  when: string;
  service: string;
  /** The town page the visit started on, when it did. */
  town?: string;
  /** The message's first line, cut short. */
  firstLine: string;
  /** How many photos came with it, if any. */
  photos?: number;
  handled: boolean;
  delivery?: MessageDelivery;
  /** Spam only: why it was held, in words. */
  heldBecause?: string;
  /** Spam only: taken out of the spam already (the inbox has it). */
  rescued?: boolean;
}

/** The Messages screen: one box, searched and filtered, one page of it. */
export interface MessagesData {
  box: MessageBoxName;
  search: string;
  /** The handled filter (inbox): "" all, "no" not handled, "yes" handled. */
  handled: "" | "yes" | "no";
  items: MessageRow[];
  /** The next (older) page's address; absent on the last page. */
  older?: string;
  /** The first page's address when this is a later one. */
  newest?: string;
}

/** One message, whole (the same server module fills it). */
export interface MessageData {
  id: string;
  box: MessageBoxName;
  name: string;
  email: string;
  phone: string;
  /** The phone as a tel: link dials it: digits and a leading +. */
  dial: string;
  /** The reply email's subject. */
  subject: string;
  /**
   * The one-tap answers: the reply start filled in for this message (content/site.json `replyStart`),
   * as a text message link (when the phone number has digits) and an email link.
   */
  replies: { start: string; text?: string; email: string };
  /** The first answer by a tap: how ("by text"), by whom, when, and how long after the message came ("Mark handled" says its own). */
  answered?: { how: string; by: string; when: string; after: string };
  when: string;
  service: string;
  town?: string;
  landingPage?: string;
  referrer?: string;
  message: string;
  /** The photos sent with it (message-photos.tsx). */
  photos?: MessagePhotoLink[];
  /** The latest "Handled" / "Not handled": what, by whom, when. */
  handled?: { handled: boolean; by: string; when: string };
  delivery?: MessageDelivery;
  heldBecause?: string;
  /** Taken out of the spam: by whom, when. */
  rescued?: { by: string; when: string };
  /** Back to the list it was opened from. */
  back: string;
}

/** The step before a message is deleted for good (the same server module fills it). */
export interface MessageDeleteData {
  id: string;
  name: string;
  when: string;
  /** How many photos go with it. */
  photos: number;
}

const deliveryWords: Record<MessageDelivery, string> = {
  sent: "Email sent to you",
  waiting: "Email to you not sent yet (the server keeps trying)",
  failed: "Email to you failed: read it here",
};

export function MessagesScreen({ data }: { data: MessagesData }) {
  const spam = data.box === "spam";
  const filters: { value: "" | "yes" | "no"; label: string }[] = [
    { value: "", label: "All" },
    { value: "no", label: "Not handled" },
    { value: "yes", label: "Handled" },
  ];
  return (
    <>
      {/* The boxes are tabs (shared/CONTRACT.md: a tab "Spam"), each a page of its own: a link with the tab role. */}
      <div className={css.tabs} role="tablist" aria-label="Message boxes">
        <a className={css.tab} href={deskPath.messages} role="tab" id="box-inbox" aria-selected={!spam} aria-controls={spam ? undefined : "message-box"}>
          Inbox
        </a>
        <a className={css.tab} href={deskPath.spam} role="tab" id="box-spam" aria-selected={spam} aria-controls={spam ? "message-box" : undefined}>
          Spam
        </a>
      </div>
      <div role="tabpanel" id="message-box" aria-labelledby={spam ? "box-spam" : "box-inbox"}>
        <form method="get" action={spam ? deskPath.spam : deskPath.messages} className={css.search} role="search">
          {data.handled && <input type="hidden" name="handled" value={data.handled} />}
          <div className={ui.field}>
            <label className={ui.label} htmlFor="message-search">
              Search {spam ? "spam" : "messages"}
            </label>
            <input className={ui.control} type="search" id="message-search" name="q" defaultValue={data.search} placeholder="Name, phone or words" />
          </div>
          <button type="submit" className={ui.button.quiet}>
            Search
          </button>
        </form>
        {!spam && (
          <ul className={css.filters} aria-label="Show">
            {filters.map((f) => (
              <li key={f.value}>
                <a className={css.chip} href={messagesHref("inbox", { search: data.search, handled: f.value })} aria-current={data.handled === f.value ? "true" : undefined}>
                  {f.label}
                </a>
              </li>
            ))}
          </ul>
        )}
        {spam && <p className={ui.muted}>Posts held back because they looked automatic. They were not emailed to you. "Not spam" moves one to the inbox and emails it.</p>}
        {data.items.length === 0 ? (
          <Card>
            <p>{emptyWords(data)}</p>
          </Card>
        ) : (
          <ul className={ui.rowList}>{data.items.map((item) => (spam ? <SpamItem key={item.id} item={item} /> : <InboxItem key={item.id} item={item} />))}</ul>
        )}
        <div className={css.more}>
          {data.newest && (
            <a className={ui.button.quiet} href={data.newest}>
              Back to the newest
            </a>
          )}
          {data.older && (
            <a className={ui.button.quiet} href={data.older}>
              Show older
            </a>
          )}
        </div>
        <p>
          <a className={css.back} href={`${deskPath.messagesCsv}?box=${data.box}`} download>
            Download every {spam ? "held post" : "message"} (CSV, for a spreadsheet)
          </a>
        </p>
      </div>
    </>
  );
}

function emptyWords(data: MessagesData): string {
  if (data.search) return `Nothing matches "${data.search}".`;
  if (data.box === "spam") return "No posts are held as spam.";
  if (data.handled === "no") return "Every message is handled.";
  if (data.handled === "yes") return "No message is marked handled yet.";
  return "No messages yet. They show here, and come to you by email, the moment someone sends one.";
}

function InboxItem({ item }: { item: MessageRow }) {
  return (
    <li>
      <a className={item.handled ? `${css.item} ${css.handledItem}` : css.item} href={messagePath(item.id)}>
        <span className={css.itemTop}>
          <span className={css.itemName}>{item.name}</span>
          <span className={css.itemWhen}>{item.when}</span>
        </span>
        <span className={css.itemAbout}>{[item.service, item.town].filter(Boolean).join(" · ")}</span>
        <span className={css.itemLine}>{item.firstLine}</span>
        <span className={css.badges}>
          {item.handled ? <span className={css.badge.quiet}>Handled</span> : <span className={css.badge.new}>Not handled</span>}
          {item.photos ? <span className={css.badge.quiet}>{item.photos === 1 ? "1 photo" : `${item.photos} photos`}</span> : null}
          {item.delivery === "failed" && <span className={css.badge.problem}>Email failed</span>}
          {item.delivery === "waiting" && <span className={css.badge.quiet}>Email waiting</span>}
        </span>
      </a>
    </li>
  );
}

function SpamItem({ item }: { item: MessageRow }) {
  return (
    <li className={css.spamItem}>
      <a className={css.back} href={messagePath(item.id)}>
        {item.name}
      </a>
      <span className={css.itemWhen}>
        {item.when}
        {item.heldBecause ? `. Held because ${item.heldBecause}.` : ""}
      </span>
      <span className={css.itemLine}>{item.firstLine}</span>
      {item.rescued ? <p className={css.itemAbout}>Not spam: moved to the inbox and emailed to you.</p> : <NotSpam id={item.id} name={item.name} />}
    </li>
  );
}

function NotSpam({ id, name }: { id: string; name: string }) {
  return (
    <DeskForm action={messageNotSpamPath(id)}>
      <Button tone="quiet" label={`Not spam: ${name}`}>
        Not spam
      </Button>
    </DeskForm>
  );
}

export function MessageScreen({ data }: { data: MessageData }) {
  const spam = data.box === "spam";
  const facts: [string, string | undefined][] = [
    ["Received", data.when],
    ["Service", data.service],
    ["Town", data.town],
    ["Phone", data.phone],
    ["Email", data.email],
    ["Visit began on", data.landingPage],
    ["Came from", data.referrer],
    ["Held because", data.heldBecause],
    ["Notification", data.delivery && deliveryWords[data.delivery]],
    ["Not spam", data.rescued && `taken out of the spam by ${data.rescued.by}, ${data.rescued.when}`],
  ];
  return (
    <>
      <p>
        <a className={css.back} href={data.back}>
          ← {spam ? "Back to the spam" : "Back to the inbox"}
        </a>
      </p>
      {!spam && (
        // One tap each: the phone's own app opens, and the desk script notes the answer's time as it does (src/desk/client/answer-links.ts).
        <div data-desk="answer-links" data-answered-path={messageAnsweredPath(data.id)}>
          <div className={css.reply}>
            {data.dial && (
              <a className={ui.button.primary} href={`tel:${data.dial}`} data-answer="call">
                Call {data.phone}
              </a>
            )}
            {data.replies.text && (
              <a className={ui.button.primary} href={data.replies.text} data-answer="text">
                Text
              </a>
            )}
            <a className={ui.button.quiet} href={data.replies.email} data-answer="email">
              Email back
            </a>
          </div>
          <p className={ui.muted}>
            Text and Email back start with: “{data.replies.start}”{" "}
            <a className={css.back} href={`${sectionPath("business")}#field-replyStart`}>
              Change these words
            </a>
          </p>
          <p className={css.answered} aria-live="polite" data-answer-status>
            {data.answered ? `Answered ${data.answered.how}, ${data.answered.when} (${data.answered.after} after it came), by ${data.answered.by}.` : ""}
          </p>
        </div>
      )}
      <Card title="Message">
        <p className={css.text}>{data.message}</p>
        {data.photos && <MessagePhotos photos={data.photos} name={data.name} />}
      </Card>
      {spam ? (
        <Card title="Held as spam">
          <p>It was not emailed to you. If it is a real customer, "Not spam" moves it to the inbox and emails it to you.</p>
          <NotSpam id={data.id} name={data.name} />
        </Card>
      ) : (
        <Card>
          {data.handled?.handled ? (
            <>
              <p>
                Handled by {data.handled.by}, {data.handled.when}.
              </p>
              <DeskForm action={messageHandledPath(data.id)}>
                <input type="hidden" name="handled" value="no" />
                <Button tone="quiet">Not handled</Button>
              </DeskForm>
            </>
          ) : (
            <>
              <p>{data.handled ? `Marked not handled by ${data.handled.by}, ${data.handled.when}.` : "Called back or answered? Mark it, and the list shows it."}</p>
              <DeskForm action={messageHandledPath(data.id)}>
                <input type="hidden" name="handled" value="yes" />
                <Button>Mark handled</Button>
              </DeskForm>
            </>
          )}
        </Card>
      )}
      <Card>
        <dl className={css.facts}>
          {facts
            .filter((fact): fact is [string, string] => Boolean(fact[1]))
            .map(([name, value]) => (
              <Fragment key={name}>
                <dt className={css.factName}>{name}</dt>
                <dd className={css.factValue}>{value}</dd>
              </Fragment>
            ))}
        </dl>
      </Card>
      <Card>
        <p className={ui.muted}>Did the sender ask us to delete what they sent? The privacy page promises we will.</p>
        {/* A plain link of a step: nothing is deleted until the next screen's "Delete for good". */}
        <form method="get" action={messageDeletePath(data.id)} className={ui.form}>
          <Button tone="danger">Delete message</Button>
        </form>
      </Card>
    </>
  );
}

/** "Delete message", asked once more in plain words. */
export function MessageDeleteScreen({ data }: { data: MessageDeleteData }) {
  const photos = data.photos === 0 ? "" : data.photos === 1 ? " and its photo" : ` and its ${data.photos} photos`;
  return (
    <DeleteStep
      title="Delete this message?"
      about={`From ${data.name}, ${data.when}.`}
      question="Delete this message and its photos for good? This cannot be undone."
      detail={`The message${photos} and any email to you still waiting to go are deleted from the website's files. An email already sent to you stays in your mailbox.`}
      action={messageDeletePath(data.id)}
      keep={messagePath(data.id)}
    />
  );
}
