import { describe, expect, it } from "vitest";
import { ContentError } from "./content-error";
import { lineAndColumn, parseJsonFile } from "./json-file";

function problemOf(text: string): string {
  try {
    parseJsonFile("content/site.json", text);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  return "no error";
}

describe("parseJsonFile", () => {
  it("reads valid JSON", () => {
    expect(parseJsonFile("x.json", '{ "a": [1, true, null, "b"] }')).toEqual({ a: [1, true, null, "b"] });
  });

  // Each as an owner would break site.json by hand: line and column, not a character offset, and the fix.
  it.each([
    ["a missing comma", '{\n  "name": "Cedar Ridge"\n  "phone": "(803) 555-0142"\n}\n', 'content/site.json: name: line 2, column 24: a comma is missing after this value (before the next name), or a } is missing'],
    ["a comma after the last entry", '{\n  "name": "Cedar Ridge",\n  "phone": "(803) 555-0142",\n}\n', "content/site.json: (file): line 3, column 28: remove the comma before }: the last entry has none"],
    ["a comma after the last list item", '{\n  "areas": ["Irmo", "Chapin",]\n}\n', "content/site.json: areas: line 2, column 29: remove the comma before ]: the last entry has none"],
    ["single quotes", "{\n  \"hours\": {\n    \"weekdays\": '7-6'\n  }\n}\n", `content/site.json: hours.weekdays: line 3, column 17: text must be in "double quotes", not 'single quotes'`],
    ["a name without quotes", '{\n  name: "Cedar Ridge"\n}\n', 'content/site.json: (file): line 2, column 3: names must be in "double quotes", like "phone"'],
    ["text without quotes", '{\n  "name": Cedar Ridge\n}\n', 'content/site.json: name: line 2, column 11: text must be in "double quotes" (numbers, true, false and null need none)'],
    ["text never closed", '{\n  "name": "Cedar Ridge,\n  "phone": "1"\n}\n', 'content/site.json: name: line 2, column 11: this text has no closing ": end it with " on the same line'],
    ["a comment", '{\n  // the business\n  "name": "x"\n}\n', "content/site.json: (file): line 2, column 3: JSON files cannot have comments: remove it"],
    ["a missing closing brace", '{\n  "hours": {\n    "weekdays": "7-6"\n}\n', "content/site.json: hours: line 5, column 1: the file ends too early: a closing } is missing"],
  ])("reports %s by line and column", (_name, text, message) => {
    expect(problemOf(text)).toBe(message);
  });

  it("counts lines and columns from 1", () => {
    expect(lineAndColumn("ab\ncd", 0)).toBe("line 1, column 1");
    expect(lineAndColumn("ab\ncd", 4)).toBe("line 2, column 2");
  });
});
