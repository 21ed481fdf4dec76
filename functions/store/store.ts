// The one interface to everything the servers keep: messages, reviews, the mail outbox,
// rate limits, keys, visit counts, the owner's desk, the posts' versions and the owner's devices. Implementations: JSON-lines files in DATA_DIR (functions/store/files/,
// the default, one process) and PostgreSQL (functions/store/postgres/, several instances).
// createStore (create-store.ts) picks one; store-suite.ts is the behaviour both must have.
import type { DeskStore } from "./desk-store";
import type { KeyStore } from "./key-store";
import type { LimitStore } from "./limit-store";
import type { MessageStore } from "./message-store";
import type { OutboxStore } from "./outbox-store";
import type { PostsStore } from "./posts-store";
import type { PushStore } from "./push-store";
import type { ReviewStore } from "./review-store";
import type { VisitsStore } from "./visits-store";

export type { AuditEntry, DeskSession, DeskStore, Passkey, SignIn } from "./desk-store";
export type { KeyName, KeyStore } from "./key-store";
export type { LimitStore, RateDecision, RateRule } from "./limit-store";
export type { MessageBox, MessageItem, MessagePage, MessageQuery, MessageStore } from "./message-store";
export type { ClaimedJob, DeliveryState, OutboxStore, Settlement, UndeliveredJob } from "./outbox-store";
export type { PushStore } from "./push-store";
export type { DecisionRequest, DecisionResult, ReviewItem, ReviewState, ReviewStore } from "./review-store";
export type { DeviceClass, SeenReferral, SeenVisitor, VisitCount, VisitCountKey, VisitCountKind, VisitsBatch, VisitsStore } from "./visits-store";
export type * from "./records";

export interface Store {
  readonly messages: MessageStore;
  readonly reviews: ReviewStore;
  readonly outbox: OutboxStore;
  readonly limits: LimitStore;
  readonly keys: KeyStore;
  readonly visits: VisitsStore;
  /** The owner's desk: sign-ins, sessions, passkeys, the audit log (functions/desk/). */
  readonly desk: DeskStore;
  /** The desk's posts: every version, their photos, the owner's unsaved work (functions/desk/posts/). */
  readonly posts: PostsStore;
  /** The phones and computers that get the owner's notifications (functions/push/). */
  readonly push: PushStore;
  /**
   * Resolves when it can take reads and writes (files: at once; PostgreSQL: once the database
   * answered and is migrated, the servers' store keeps trying meanwhile). Rejects with an error
   * that retrying cannot fix: the servers then stop.
   */
  readonly ready: Promise<void>;
  /** Where it keeps things, for the servers' log: "JSON-lines files in /srv/site/data". */
  readonly description: string;
  /** A consistent copy of everything it keeps into `targetDir` (a new folder), safe while the servers run. */
  backup(targetDir: string): Promise<BackupSummary>;
  /** Waits for writes in flight, then lets go of files, connections and watchers. */
  close(): Promise<void>;
}

export interface BackupSummary {
  files: number;
  records: number;
}
