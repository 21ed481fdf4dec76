import { ContentError } from "./content-error";

// JSON content files (site.json, home.json) as the owner edits them: a mistake is
// reported by line and column, with the field it is in and the fix, instead of
// JSON.parse's "at position 1234" (which names no line and, in Node 20, often no position).

interface JsonMistake {
  /** Offset in the text where the fix goes. */
  at: number;
  /** The dotted field the mistake is in ("hours.weekdays"), or "" at the top. */
  field: string;
  problem: string;
}

class Mistake extends Error {
  constructor(readonly mistake: JsonMistake) {
    super(mistake.problem);
  }
}

/** Finds the first mistake in text JSON.parse refused. A small reader of the JSON grammar that knows what people get wrong. */
function findMistake(text: string): JsonMistake {
  let i = 0;
  const path: string[] = [];
  const fail = (at: number, problem: string): never => {
    throw new Mistake({ at, field: path.join("."), problem });
  };
  const space = () => {
    while (i < text.length) {
      const c = text[i];
      if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\uFEFF") i++;
      else if (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) fail(i, "JSON files cannot have comments: remove it");
      else break;
    }
  };
  // Where a missing comma goes: just after the previous value, on its line.
  const endOfValue = (from: number) => {
    let j = from;
    while (j > 0 && /\s/.test(text[j - 1] ?? "")) j--;
    return j;
  };
  const string = () => {
    const start = i;
    i++;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i++;
        return text.slice(start + 1, i - 1);
      }
      if (c === "\n" || c === "\r") fail(start, 'this text has no closing ": end it with " on the same line');
      if (c === "\\") {
        if (!/["\\/bfnrtu]/.test(text[i + 1] ?? "")) fail(i, 'a \\ in text must be written \\\\ (or \\" for a quote)');
        i++;
      }
      i++;
    }
    return fail(start, 'this text has no closing ": end it with "');
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === undefined) fail(i, "the file ends too early: a closing } or ] is missing");
    else if (c === "{") members("}", true);
    else if (c === "[") members("]", false);
    else if (c === '"') string();
    else if (c === "'") fail(i, `text must be in "double quotes", not 'single quotes'`);
    else {
      const word = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)(?![\w.])/.exec(text.slice(i));
      if (!word) fail(i, 'text must be in "double quotes" (numbers, true, false and null need none)');
      else i += word[0].length;
    }
  };
  const members = (close: "}" | "]", named: boolean) => {
    i++;
    space();
    if (text[i] === close) {
      i++;
      return;
    }
    for (let index = 0; ; index++) {
      space();
      if (named) {
        if (text[i] === close) fail(endOfValue(i) - 1, `remove the comma before ${close}: the last entry has none`);
        if (text[i] === "'") fail(i, `names must be in "double quotes", not 'single quotes'`);
        if (text[i] !== '"') fail(i, text[i] === undefined ? "the file ends too early: a closing } is missing" : 'names must be in "double quotes", like "phone"');
        const key = string();
        path.push(key);
        space();
        if (text[i] !== ":") fail(i, `a colon (:) is missing after "${key}"`);
        i++;
      } else {
        if (text[i] === close) fail(endOfValue(i) - 1, `remove the comma before ${close}: the last entry has none`);
        path.push(String(index));
      }
      value();
      const after = i;
      space();
      const c = text[i];
      if (c === ",") {
        i++;
        path.pop();
        continue;
      }
      if (c === close) {
        path.pop();
        i++;
        return;
      }
      if (c === undefined) fail(i, `the file ends too early: a closing ${close} is missing`);
      fail(after, `a comma is missing after this value (before the next ${named ? "name" : "entry"}), or a ${close} is missing`);
    }
  };
  try {
    value();
    space();
    if (i < text.length) fail(i, "there is more after the end of the file's last }: remove it (or a { is missing)");
  } catch (error) {
    if (error instanceof Mistake) return error.mistake;
    throw error;
  }
  return { at: 0, field: "", problem: "could not be read as JSON" };
}

/** "line 3, column 22" of an offset in `text`, counting from 1 as editors do. */
export function lineAndColumn(text: string, at: number): string {
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  const column = at - (before.lastIndexOf("\n") + 1) + 1;
  return `line ${line}, column ${column}`;
}

/** Parses a JSON content file, or throws a ContentError naming the file, the field, the line and column, and the fix. */
export function parseJsonFile(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const { at, field, problem } = findMistake(text);
    throw new ContentError([{ file, field: field || "(file)", problem: `${lineAndColumn(text, at)}: ${problem}` }]);
  }
}
