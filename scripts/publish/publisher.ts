import type { BuildSession } from "../build-engine/build-session";
import { runBuild, type BuildOptions, type BuildResult } from "../build-engine/run-build";
import { isContentError, type ContentProblem } from "../../src/content/content-error";
import type { PublishOutcome } from "../../functions/desk/publish-outcome";

export interface PublisherOptions {
  root: string;
  contentDir: string;
  distDir: string;
  /** Kept from build to build (scripts/build-engine/build-session.ts). */
  session?: BuildSession;
  /** The store's approved reviews, read for each build (BuildOptions.approvedReviews). */
  approvedReviews?: BuildOptions["approvedReviews"];
  /** After every build that replaced the live site. */
  onPublished: (summary: BuildResult, reason: string, ms: number) => void | Promise<void>;
  /** A build that failed: the live site is as it was. */
  onFailed: (problems: ContentProblem[], reason: string) => void | Promise<void>;
}

// setTimeout's limit (about 24.8 days): a later post is re-armed from the next build.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * `npm start`'s publishing: production builds into the live folder, one at a time
 * (changes during a build make one more build after it), and a timer for the next
 * scheduled post so it goes live at its time with nobody touching anything.
 * runBuild (scripts/build-engine/run-build.ts) writes everything into a staging folder and only
 * then swaps it in or moves the changed files in, so a failed build never touches
 * what visitors see.
 */
export class Publisher {
  private running: Promise<PublishOutcome> | undefined;
  private next: { reason: string; done: Promise<PublishOutcome>; resolve: (outcome: PublishOutcome | Promise<PublishOutcome>) => void } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly opts: PublisherOptions) {}

  /**
   * Builds now, or right after the build under way (requests meanwhile share that one build).
   * Resolves when the site is up to date with this request, with that build's outcome (the
   * owner's desk shows it: functions/desk/screens/business.ts, functions/desk/posts/).
   */
  publish(reason: string): Promise<PublishOutcome> {
    if (!this.running) return this.start(reason);
    if (!this.next) {
      let resolve!: (outcome: PublishOutcome | Promise<PublishOutcome>) => void;
      const done = new Promise<PublishOutcome>((ok) => (resolve = ok));
      this.next = { reason, done, resolve };
    }
    return this.next.done;
  }

  private start(reason: string): Promise<PublishOutcome> {
    const run = this.buildOnce(reason).finally(() => {
      this.running = undefined;
      const next = this.next;
      this.next = undefined;
      if (!next) return;
      if (this.stopped) next.resolve({ ok: false, problems: [{ file: "(the site)", field: "(publishing)", problem: "stopped before this change was published" }] });
      else next.resolve(this.start(next.reason));
    });
    this.running = run;
    return run;
  }

  /** Arms the timer for the earliest scheduled post (from the last good build's summary). */
  schedule(nextPublishAt: string | undefined) {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!nextPublishAt || this.stopped) return;
    // A second after its time: the build's clock must be past the post's date.
    const wait = Math.max(0, new Date(nextPublishAt).getTime() - Date.now() + 1000);
    this.timer = setTimeout(() => void this.publish(`scheduled post due at ${nextPublishAt}`), Math.min(wait, MAX_TIMER_MS));
    this.timer.unref();
  }

  /** Waits for the build under way; no more builds or timers after. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async buildOnce(reason: string): Promise<PublishOutcome> {
    const started = performance.now();
    try {
      const { root, contentDir, distDir, session, approvedReviews } = this.opts;
      const summary = await runBuild({ root, contentDir, outDir: distDir, mode: "production", session, approvedReviews });
      this.schedule(summary.posts.nextPublishAt);
      await this.opts.onPublished(summary, reason, performance.now() - started);
      return { ok: true };
    } catch (err) {
      const problems = isContentError(err) ? err.problems : [{ file: "(the build)", field: "(error)", problem: err instanceof Error ? (err.stack ?? err.message) : String(err) }];
      await this.opts.onFailed(problems, reason);
      return { ok: false, problems };
    }
  }
}
