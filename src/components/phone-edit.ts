import { formatPhone, phoneDigits } from "../content/contact";

export interface PhoneEdit {
  value: string;
  caret: number;
}

const isDigit = (c: string) => c >= "0" && c <= "9";

/**
 * One keystroke in the phone field, formatted as typed (src/content/contact.ts
 * formatPhone) with the caret kept beside the digit it was beside: typing or deleting
 * in the middle of "(803) 555-0142" must not throw the caret to the end. `raw` and
 * `caret` are the input's value and selection after the browser applied the keystroke;
 * `previous` is the formatted value before it. Backspace over a bracket, space or hyphen
 * (which formatting would only put back) deletes the digit before it instead.
 */
export function phoneEdit(previous: string, raw: string, caret: number, inputType?: string): PhoneEdit {
  let text = raw;
  let at = caret;
  if (inputType === "deleteContentBackward" && phoneDigits(raw) === phoneDigits(previous) && raw.length < previous.length) {
    const before = text.slice(0, at);
    const lastDigit = [...before].map(isDigit).lastIndexOf(true);
    if (lastDigit >= 0) {
      text = text.slice(0, lastDigit) + text.slice(lastDigit + 1);
      at = lastDigit;
    }
  }
  const value = formatPhone(text);
  // Digits left of the caret, less a country code formatPhone drops.
  let digitsBefore = [...text.slice(0, at)].filter(isDigit).length;
  if (text.replace(/\D/g, "").startsWith("1") && digitsBefore > 0) digitsBefore -= 1;
  return { value, caret: caretAfterDigits(value, digitsBefore) };
}

/** The position just after the n-th digit of `value` (its end when it has fewer). */
function caretAfterDigits(value: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (isDigit(value[i] ?? "") && ++seen === n) return i + 1;
  }
  return value.length;
}
