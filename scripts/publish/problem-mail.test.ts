import { describe, expect, it } from "vitest";
import type { MailTransport, NotificationMessage } from "../../functions/contact/mailer";
import { loadSite } from "../../src/content/load-content";
import { createProblemMailer } from "./problem-mail";

const broken = [{ file: "content/blog/spring.md", field: "publishDate", problem: "expected a date like 2025-03-01" }];
const other = [{ file: "content/site.json", field: "email", problem: "Invalid email address" }];

function recordingTransport(failures = 0) {
  const sent: NotificationMessage[] = [];
  const transport: MailTransport = {
    description: "test",
    async send(message) {
      if (failures-- > 0) throw new Error("connection refused");
      sent.push(message);
    },
    close: () => {},
  };
  return { sent, transport };
}

describe("the owner's email about content that could not be published", () => {
  it("is off without SMTP_URL", async () => {
    expect(createProblemMailer({}, await loadSite("content"))).toBeUndefined();
  });

  it("goes once per distinct problem, naming file, field and problem", async () => {
    const site = await loadSite("content");
    const { sent, transport } = recordingTransport();
    const mailer = createProblemMailer({ CONTACT_TO: "owner@example.com" }, site, transport);
    await mailer?.notify(broken);
    await mailer?.notify(broken);
    await mailer?.notify(other);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.to).toBe("owner@example.com");
    expect(sent[0]?.subject).toBe("Website not updated: a content file needs fixing");
    expect(sent[0]?.text).toContain("content/blog/spring.md: publishDate: expected a date like 2025-03-01");
    expect(sent[0]?.text).toContain("The live site is unchanged");
  });

  it("tries again next time when the mail could not be sent", async () => {
    const site = await loadSite("content");
    const flaky = recordingTransport(1);
    const mailer = createProblemMailer({}, site, flaky.transport);
    await mailer?.notify(broken);
    expect(flaky.sent).toHaveLength(0);
    await mailer?.notify(broken);
    expect(flaky.sent).toHaveLength(1);
  });
});
