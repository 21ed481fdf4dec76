import { describe, expect, it } from "vitest";
import { formatPhone } from "../content/contact";
import { phoneEdit } from "./phone-edit";

/** "|" marks the caret. */
const split = (s: string) => ({ text: s.replace("|", ""), caret: s.indexOf("|") });
const show = (e: { value: string; caret: number }) => `${e.value.slice(0, e.caret)}|${e.value.slice(e.caret)}`;

describe("formatPhone drops a leading country code", () => {
  it.each([
    ["+1 803 555 0142", "(803) 555-0142"],
    ["1 (803) 555-0142", "(803) 555-0142"],
    ["18035550142", "(803) 555-0142"],
    ["+1", ""],
    ["1803", "803"],
    ["8031", "(803) 1"],
  ])("%s -> %s", (input, expected) => expect(formatPhone(input)).toBe(expected));
});

describe("phoneEdit keeps the caret beside its digit", () => {
  it.each([
    // typed at the end
    ["(803) 555-014", "(803) 555-0142|", undefined, "(803) 555-0142|"],
    ["803", "8035|", undefined, "(803) 5|"],
    // typed in the middle: the digit lands where typed and the caret stays after it
    ["(803) 555-0142", "(8093|) 555-0142", undefined, "(809) 3|55-5014"],
    ["(803) 555-0142", "(803) 59|55-0142", undefined, "(803) 59|5-5014"],
    // deleted in the middle
    ["(803) 555-0142", "(803) 55|-0142", "deleteContentBackward", "(803) 55|0-142"],
    // backspace over the hyphen deletes the digit before it
    ["(803) 555-0142", "(803) 555|0142", "deleteContentBackward", "(803) 55|0-142"],
    // backspace over the space after ")" deletes the area code's last digit
    ["(803) 555-0142", "(803)|555-0142", "deleteContentBackward", "(80|5) 550-142"],
    // pasting with a country code
    ["", "+1 803 555 0142|", "insertFromPaste", "(803) 555-0142|"],
  ])("%s, edited to %s (%s) -> %s", (previous, edited, inputType, expected) => {
    const { text, caret } = split(edited);
    expect(show(phoneEdit(previous, text, caret, inputType))).toBe(expected);
  });
});
