import type { ContentProblem } from "../../src/content/content-error";

/** The "problems" event of the dev server's stream (scripts/dev.ts), read by scripts/dev-client/dev-client.ts. */
export interface DevProblems {
  problems: ContentProblem[];
}

/** One server-sent event, as written on the stream. */
export const sseEvent = (name: string, data: unknown = "now"): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
