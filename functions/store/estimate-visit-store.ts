import type { EstimateVisit, VisitCancellation } from "./records";

/** A visit with what happened to it since it was booked. */
export type BookedVisit = EstimateVisit & {
  /** Cancelled (the time is free again): when and by whom. */
  cancelled?: VisitCancellation;
  /** When the reminder the evening before was queued. */
  remindedAt?: string;
};

/** What the booking function hands the store: the visit without what the store gives it (id, seat, time booked). */
export type NewEstimateVisit = Omit<EstimateVisit, "id" | "seat" | "createdAt">;

/**
 * Free estimate visits (`store.estimateVisits`, issue 40). A time is taken once per seat,
 * whatever the concurrency: PostgreSQL by a unique index on (start, seat) of the visits not
 * cancelled; the files store by taking its calls in turn, on the state read from the file just
 * before. Every change is stored with its emails (records.ts visitJobs) in the same durable
 * write, so each is mailed exactly once. The behaviour every implementation has is in
 * store-suite.ts.
 */
export interface EstimateVisitStore {
  /**
   * Books the lowest free seat of `visit.start` when fewer than `seats` visits not cancelled
   * start at that moment; undefined when none is left (the time was just taken). Durable, with
   * the invitation emails to the visitor and the owner, once it resolves.
   */
  book(visit: NewEstimateVisit, seats: number): Promise<BookedVisit | undefined>;
  /** Visits starting from `from` (included) to `to` (excluded), ISO times, soonest first; cancelled ones only when asked. */
  starting(from: string, to: string, options?: { cancelled?: boolean }): Promise<BookedVisit[]>;
  /** Visits booked from `since` (an ISO time) on, cancelled ones too, in the order booked: the week's counts. */
  bookedSince(since: string): Promise<BookedVisit[]>;
  get(id: string): Promise<BookedVisit | undefined>;
  /**
   * Cancels a visit, freeing its seat, with the cancellation emails to both, exactly once:
   * `cancelled` is false when it was cancelled before (nothing is written or mailed again).
   * Undefined for an unknown id.
   */
  cancel(id: string, by: Omit<VisitCancellation, "at">): Promise<{ visit: BookedVisit; cancelled: boolean } | undefined>;
  /** Queues the visitor's reminder, once: false when it was queued before or the visit is cancelled or unknown. */
  remind(id: string): Promise<boolean>;
  /**
   * Erases a visit for good (the privacy page's promise): the visit and what happened to it, its
   * seat freed, its emails and notifications not sent yet (one being handed to the mail server at
   * this very moment goes out once and is never tried again). Nobody is emailed about it. True
   * when something was erased; false for an unknown id, or one erased before. `by` is who asked.
   */
  erase(id: string, by: string): Promise<boolean>;
  /** The ids of the visits, cancelled ones too, that started before `before` (an ISO time): the retention sweep's (functions/retention/). */
  startedBefore(before: string): Promise<string[]>;
}
