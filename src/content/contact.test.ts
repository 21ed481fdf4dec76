import { describe, expect, it } from "vitest";
import { escapeHtml } from "../format/escape-html";
import { formatPhone, serviceChoices, serviceLabel } from "./contact";
import { contactSchema, fieldErrors } from "./contact-schema";
import { loadServices } from "./services";
import { validInput } from "../../tests/test-support";

function errorsFor(input: unknown) {
  const result = contactSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("contactSchema: the spec's validation table", () => {
  const rows: Array<[field: string, value: unknown, message: string]> = [
    ["name", undefined, "Name is required"],
    ["name", "", "Name is required"],
    ["name", "   ", "Name is required"],
    ["name", "J", "Name must be at least 2 characters"],
    ["email", undefined, "Email is required"],
    ["email", " ", "Email is required"],
    ["email", "jane.example.com", "Invalid email address"],
    ["email", "jane@", "Invalid email address"],
    ["phone", undefined, "Phone number is required"],
    ["phone", "", "Phone number is required"],
    ["phone", "803-555-014", "Phone number must be at least 10 digits"],
    // Ten characters but only nine digits: the rule counts digits.
    ["phone", "(803) 5550", "Phone number must be at least 10 digits"],
    ["serviceType", undefined, "Please select a service"],
    ["serviceType", "", "Please select a service"],
    ["serviceType", "landscaping", "Please select a service"],
    ["message", undefined, "Message is required"],
    ["message", "\n\n", "Message is required"],
    ["message", "Too short", "Message must be at least 10 characters"],
  ];

  it.each(rows)("%s = %j → %s", (field, value, message) => {
    const errors = errorsFor({ ...validInput, [field]: value });
    expect(errors).toEqual({ [field]: message });
  });

  it("reports every field of an empty post with its required message", () => {
    expect(errorsFor({})).toEqual({
      name: "Name is required",
      email: "Email is required",
      phone: "Phone number is required",
      serviceType: "Please select a service",
      message: "Message is required",
    });
  });

  it("treats null like a missing value", () => {
    expect(errorsFor({ ...validInput, name: null })).toEqual({ name: "Name is required" });
  });

  it("rejects wrong types with a message instead of coercing", () => {
    expect(errorsFor({ name: 42, email: ["a@b.co"], phone: { n: 1 }, serviceType: 3, message: true })).toEqual({
      name: "Name must be text",
      email: "Email must be text",
      phone: "Phone number must be text",
      serviceType: "Please select a service",
      message: "Message must be text",
    });
  });

  it("rejects a body that is not an object", () => {
    expect(errorsFor([validInput])).toEqual({ form: expect.any(String) });
    expect(errorsFor("name=Jane")).toEqual({ form: expect.any(String) });
  });

  it("accepts a valid post, trims it and drops unknown fields", () => {
    const result = contactSchema.parse({ ...validInput, name: "  Jane Doe ", admin: true, website: "" });
    expect(result).toEqual({ ...validInput, name: "Jane Doe" });
  });

  it("keeps HTML in the message as plain text", () => {
    const message = "<script>alert(1)</script> please trim my oak";
    expect(contactSchema.parse({ ...validInput, message }).message).toBe(message);
  });

  it("accepts an international phone with more than 10 digits", () => {
    expect(errorsFor({ ...validInput, phone: "+1 803 555 0142" })).toEqual({});
  });

  it.each([
    ["name", "Jane\r\nBcc: victim@example.com", "Name must be on a single line"],
    ["email", "jane@example.com\nBcc: victim@example.com", "Email must be on a single line"],
    ["phone", "803555\r0142", "Phone number must be on a single line"],
    ["serviceType", "other\r\nBcc: x@example.com", "Please select a service"],
  ])("rejects a line break in %s (mail header injection)", (field, value, message) => {
    expect(errorsFor({ ...validInput, [field]: value })).toEqual({ [field]: message });
  });

  it("allows line breaks in the message body", () => {
    expect(errorsFor({ ...validInput, message: "First line\nSecond line" })).toEqual({});
  });

  it.each([
    ["name", "Jane\u0000Doe", "NUL"],
    ["name", "Jane\u001b[2JDoe", "a terminal escape"],
    ["name", "Jane\u007fDoe", "DEL"],
    ["name", "Jane\u0085Doe", "a C1 control (NEL)"],
    ["name", "Jane\u200bDoe", "a zero-width space"],
    ["name", "Jane\u200dDoe", "a zero-width joiner"],
    ["name", "Jane\ufeffDoe", "a zero-width no-break space"],
    ["name", "Jane \u202egnp.exe", "a right-to-left override"],
    ["name", "Jane \u2066Doe\u2069", "a bidi isolate"],
    ["name", "Jane\u2028Doe", "a Unicode line separator"],
    ["name", "Jane\u{e0041}Doe", "a tag character"],
    ["email", "jane\u200b@example.com", "a zero-width space"],
    ["email", "jane@example.com\u0007", "BEL"],
    ["phone", "(803) 555-0142\u200e", "a left-to-right mark"],
    ["phone", "(803)\t555-0142", "a tab"],
  ])("rejects %s = %j (%s)", (field, value) => {
    const label = field === "phone" ? "Phone number" : field === "email" ? "Email" : "Name";
    expect(errorsFor({ ...validInput, [field]: value })).toEqual({ [field]: `${label} must not contain control or invisible characters` });
  });

  it("rejects control characters in the message but keeps its line breaks and tabs", () => {
    expect(errorsFor({ ...validInput, message: "Look at \u001b[31mthis\u001b[0m oak, please" })).toEqual({
      message: "Message must not contain control characters",
    });
    expect(errorsFor({ ...validInput, message: "Line one\r\n\tindented line two" })).toEqual({});
  });

  it("accepts names in other scripts, accents and emoji", () => {
    for (const name of ["José Ñúñez", "Zoë O'Brien-Smith", "王小明", "محمد علي", "Anna 🌳"]) {
      expect(errorsFor({ ...validInput, name })).toEqual({});
    }
  });

  it("caps lengths", () => {
    expect(errorsFor({ ...validInput, name: "x".repeat(101) })).toEqual({ name: "Name must be at most 100 characters" });
    expect(errorsFor({ ...validInput, message: "x".repeat(5001) })).toEqual({ message: "Message must be at most 5000 characters" });
    expect(errorsFor({ ...validInput, phone: "1".repeat(31) })).toEqual({ phone: "Phone number must be at most 30 characters" });
    expect(errorsFor({ ...validInput, email: `${"a".repeat(250)}@b.co` })).toEqual({ email: "Email must be at most 254 characters" });
  });

  it("ignores __proto__ and constructor keys", () => {
    const body: unknown = JSON.parse(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(validInput).slice(1)}`);
    const result = contactSchema.parse(body);
    expect(result).toEqual(validInput);
    expect(Object.keys(result)).not.toContain("__proto__");
    expect({}).not.toHaveProperty("polluted");
  });
});

describe("serviceChoices", () => {
  it("lists the seven spec values, labelled by the services' titles in their order, then Other", async () => {
    const choices = serviceChoices(await loadServices("content/services", "content"));
    expect(choices.map((s) => s.value)).toEqual([
      "emergency-removal",
      "tree-removal",
      "tree-trimming",
      "cabling-bracing",
      "stump-removal",
      "tree-doctor",
      "other",
    ]);
    expect(serviceLabel(choices, "tree-doctor")).toBe("Tree Doctor & Tree Health");
    expect(serviceLabel(choices, "other")).toBe("Other");
    expect(serviceLabel(choices, "retired-value")).toBe("retired-value");
  });
});

describe("formatPhone", () => {
  it.each([
    ["", ""],
    ["8", "8"],
    ["803", "803"],
    ["8035", "(803) 5"],
    ["803555", "(803) 555"],
    ["8035550", "(803) 555-0"],
    ["8035550142", "(803) 555-0142"],
    ["80355501429999", "(803) 555-0142"],
    ["(803) 555-0142", "(803) 555-0142"],
    ["803.555.0142 ext", "(803) 555-0142"],
    ["abc", ""],
  ])("%j → %j", (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe("escapeHtml", () => {
  it("escapes the five special characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});
