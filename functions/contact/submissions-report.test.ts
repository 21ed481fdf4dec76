import { describe, expect, it } from "vitest";
import { contactJob, type Submission } from "../store/records";
import { serviceChoices } from "../../tests/test-support";
import { newestFirst, outboxTable, submissionsCsv, submissionsTable } from "./submissions-report";

const older: Submission = {
  id: "a",
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "(803) 555-0142",
  serviceType: "tree-trimming",
  message: "Line one\nline two \u001b[31mred",
  createdAt: "2025-03-01T12:00:00.000Z",
};
const newer: Submission = { ...older, id: "b", name: '=HYPERLINK("x")', message: 'Say "hi", please', createdAt: "2025-03-02T12:00:00.000Z" };

describe("submissions report", () => {
  it("sorts newest first", () => {
    expect([older, newer].sort(newestFirst).map((s) => s.id)).toEqual(["b", "a"]);
  });

  it("prints a table with service labels and no control characters", () => {
    const table = submissionsTable([newer, older], serviceChoices);
    const lines = table.split("\n");
    expect(lines[0]).toMatch(/^Received\s+Name\s+Phone\s+Email\s+Service\s+Message$/);
    expect(lines).toHaveLength(4);
    expect(table).toContain("Tree Trimming & Pruning");
    expect(table).toContain("Line one line two [31mred");
    expect(table).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });

  it("adds the spam reason column for held spam", () => {
    expect(submissionsTable([{ ...older, spamReason: "honeypot" }], serviceChoices)).toMatch(/Held because[\s\S]*honeypot/);
  });

  it("writes RFC 4180 CSV, every cell quoted, and defuses spreadsheet formulas", () => {
    const csv = submissionsCsv([newer, older], serviceChoices);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe('"id","createdAt","name","email","phone","serviceType","service","message","spamReason","landingPage","referrer"');
    expect(lines[1]).toBe(
      `"b","2025-03-02T12:00:00.000Z","'=HYPERLINK(""x"")","jane@example.com","(803) 555-0142","tree-trimming","Tree Trimming & Pruning","Say ""hi"", please","","",""`,
    );
    expect(csv).toContain('"Line one\nline two [31mred"');
    expect(csv).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("defuses a formula after a separator a spreadsheet may split the cell on, as OWASP's CSV Injection page says", () => {
    const cells = (fields: Partial<Submission>) => submissionsCsv([{ ...older, ...fields }], serviceChoices).split("\r\n")[1];
    // A semicolon locale splits an unquoted `Semi;=1+1` into `Semi` and the formula `=1+1`.
    expect(cells({ name: "Semi;=1+1" })).toContain(`,"Semi;'=1+1",`);
    expect(cells({ name: "a,+1;-2\t@SUM(A1)" })).toContain(`,"a,'+1;'-2\t'@SUM(A1)",`);
    // At the start of the cell: = + - @ tab CR.
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(cells({ message: `${start}cmd|' /C calc'!A0` })).toContain(`,"'${start}cmd|' /C calc'!A0",`);
    // OWASP's two examples, the formula after the separator defused as well.
    expect(cells({ message: "=1+2\";=1+2" })).toContain(`,"'=1+2"";'=1+2",`);
    expect(cells({ message: "=1+2'\" ;,=1+2" })).toContain(`,"'=1+2'"" ;,'=1+2",`);
    expect(cells({ name: "\t\t=x" })).toContain(`,"'\t'\t'=x",`);
    // Words that only hold such characters inside are left as they are.
    expect(cells({ name: "Mary-Ann O'Neil", message: "Call 803-555-0142 or mail a@b.c" })).toContain(`,"Mary-Ann O'Neil",`);
    expect(cells({ message: "Call 803-555-0142 or mail a@b.c" })).toContain(`,"Call 803-555-0142 or mail a@b.c",`);
  });

  it("lists undelivered jobs with their last error", () => {
    const table = outboxTable([
      { id: "a", kind: "contact", job: contactJob(older), state: "failed", attempts: 1, lastError: "550 mailbox unavailable" },
      { id: "b", kind: "contact", job: contactJob(newer), state: "pending", attempts: 2, nextAttemptAt: "2025-03-02T13:00:00.000Z", lastError: "ECONNREFUSED" },
      {
        id: "c",
        kind: "sign-in",
        job: { kind: "sign-in", id: "c", createdAt: older.createdAt, to: "owner@example.com", expiresAt: "2025-03-01T12:15:00.000Z" },
        state: "pending",
        attempts: 0,
      },
    ]);
    expect(table).toMatch(/failed\s+1\s+-\s+.*Jane Doe\s+550 mailbox unavailable/);
    expect(table).toMatch(/pending\s+2\s+2025-03-02 \d\d:00.*ECONNREFUSED/);
    expect(table).toMatch(/pending\s+0\s+now\s+.*\(sign-in code\)/);
  });
});
