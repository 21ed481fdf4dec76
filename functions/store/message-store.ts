import type { ContactInput } from "../../src/content/contact-schema";
import type { Answer, AnswerWay, HandledEvent, LeadSource, MessagePhoto, Submission } from "./records";
import type { DeliveryState } from "./outbox-store";

/** Messages the owner gets (`inbox`) and posts held back as spam (`spam`), never mailed unless rescued. */
export type MessageBox = "inbox" | "spam";

export interface MessageQuery {
  /** Default "inbox". */
  box?: MessageBox;
  /** Words in the name, email or message, any case; or digits of the phone number ("5550142"). */
  search?: string;
  /** Only handled (true) or only not handled (false) messages; inbox only. */
  handled?: boolean;
  /** Where the previous page ended (`next` of its answer). */
  cursor?: string;
  /** Items per page, 1 to 100; default 20. */
  limit?: number;
}

/** A message as the desk lists it. */
export type MessageItem = Submission & {
  box: MessageBox;
  /** The latest "Handled" / "Not handled", if any (inbox). */
  handled?: HandledEvent;
  /** How and when it was first answered, if it was (inbox): a tap on Call, Text or Email back, or "Mark handled". */
  answered?: Answer;
  /** The owner's notification email (inbox): waiting (not sent yet, or being retried), sent, or failed for good. */
  delivery?: DeliveryState;
};

export interface MessagePage {
  items: MessageItem[];
  /** Pass as `cursor` for the next page; absent on the last page. */
  next?: string;
}

/**
 * Contact messages (`store.messages`). Lists are newest first: the most recently stored
 * first, so a message rescued from the spam comes to the top of the inbox.
 */
export interface MessageStore {
  /**
   * Stores a message and queues the owner's notification in the same durable write (the
   * post is answered 201 after this resolves). Rejects with StoreUnavailableError when the
   * store cannot take writes now, and then has stored nothing. `photos`: the message's photos,
   * whose bytes are in `store.messagePhotos` already.
   */
  add(input: ContactInput, source?: LeadSource, photos?: readonly MessagePhoto[]): Promise<Submission>;
  /** Stores a post held back as spam; nothing is mailed. */
  hold(input: ContactInput, spamReason: string, source?: LeadSource): Promise<Submission>;
  /** A page of messages; throws InvalidCursorError for a cursor it did not hand out. */
  list(query?: MessageQuery): Promise<MessagePage>;
  /** One message by id: from the inbox, else from the spam. */
  get(id: string): Promise<MessageItem | undefined>;
  /**
   * Records "Handled" (true) or "Not handled" (false) as an event; undefined for an unknown message.
   * "Handled" on a message not answered yet is its first answer too (`answer(id, "handled", by)`).
   */
  setHandled(id: string, handled: boolean, by: string): Promise<HandledEvent | undefined>;
  /**
   * Records how a message was answered, once: the first answer kept is the one (`first` says whether
   * it was this one), whichever process or instance the taps reach. Undefined for an unknown message
   * (or one in the spam).
   */
  answer(id: string, how: AnswerWay, by: string): Promise<{ answer: Answer; first: boolean } | undefined>;
  /**
   * "Not spam": stores the held post as a message with the same id and queues its notification,
   * exactly once: `rescued` is false when it was rescued before (nothing is stored or mailed again).
   * Undefined when there is no held post with this id.
   */
  rescue(spamId: string, by: string): Promise<{ message: Submission; rescued: boolean } | undefined>;
  /**
   * Erases a message for good, as the privacy page promises a visitor who asks: the message (inbox
   * and spam: a rescued one is in both, with one id), its photos' bytes (those no other message
   * names), its email and its notifications to the owner's phone not sent yet. Its handled and
   * answer events hold no words of the visitor's and may stay. An email being handed to the mail
   * server at this very moment goes out once and is never tried again. True when something was
   * erased; false for an unknown id, or one erased before. `by` is who asked (the desk's audit keeps it).
   */
  erase(id: string, by: string): Promise<boolean>;
  /** The ids of the messages (inbox and spam, each once) received before `before` (an ISO time): the retention sweep's (functions/retention/). */
  receivedBefore(before: string): Promise<string[]>;
  /** Every message of a box in the order stored, oldest first (`npm run submissions`, CSV export). */
  all(box: MessageBox): Promise<Submission[]>;
}
