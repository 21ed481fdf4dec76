import { createHash } from "node:crypto";
import { createSmtpTransport, defaultAddresses, type MailTransport, type NotificationMessage } from "../../functions/contact/mailer";
import { escapeHtml } from "../../src/format/escape-html";
import { formatProblem, type ContentProblem } from "../../src/content/content-error";
import type { Site } from "../../src/content/site";

/**
 * Tells the owner by email that a change could not be published, once per
 * distinct set of problems (the same broken file saved ten times is one email;
 * a new mistake is another). Only with SMTP_URL: without a mail server the
 * terminal log is the only place it shows (scripts/start.ts says so at start).
 */
export interface ProblemMailer {
  notify(problems: ContentProblem[]): Promise<void>;
  close(): void;
}

export function createProblemMailer(env: { SMTP_URL?: string; CONTACT_TO?: string; CONTACT_FROM?: string }, site: Site, transport?: MailTransport): ProblemMailer | undefined {
  const mail = transport ?? (env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : undefined);
  if (!mail) return undefined;
  const addresses = defaultAddresses(site, env);
  const sent = new Set<string>();
  return {
    async notify(problems) {
      const key = problemsKey(problems);
      if (sent.has(key)) return;
      sent.add(key);
      try {
        await mail.send(problemMessage(problems, key, site, addresses));
      } catch (err) {
        // Next time the same problem comes up, try again.
        sent.delete(key);
        console.error(`Could not email the owner about the problem: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
    close: () => mail.close(),
  };
}

const problemsKey = (problems: ContentProblem[]): string =>
  createHash("sha256").update(problems.map(formatProblem).sort().join("\n")).digest("hex").slice(0, 24);

/** Pure: the email for one set of problems. */
export function problemMessage(problems: ContentProblem[], key: string, site: Site, addresses: { to: string; from: string }): NotificationMessage {
  const lines = problems.map(formatProblem);
  const intro = `The website could not publish the latest change to its content. The live site is unchanged and still shows the last version that worked.`;
  const fix = `Fix the file named below and save it: the site publishes by itself as soon as the content is correct.`;
  return {
    from: { name: site.name, address: addresses.from },
    to: addresses.to,
    replyTo: { name: site.name, address: addresses.from },
    subject: `Website not updated: ${problems.length === 1 ? "a content file needs fixing" : `${problems.length} content problems`}`,
    text: [intro, "", ...lines, "", fix, ""].join("\n"),
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li><code>${escapeHtml(l)}</code></li>`).join("")}</ul><p>${escapeHtml(fix)}</p>`,
    messageId: `<build-problem-${key}@${new URL(site.url).hostname}>`,
    headers: {},
  };
}
