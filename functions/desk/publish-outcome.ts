import type { ContentProblem } from "../../src/content/content-error";

/** What a publish after a desk change came to: live, or the build's problems (the live site untouched). */
export type PublishOutcome = { ok: true } | { ok: false; problems: ContentProblem[] };
