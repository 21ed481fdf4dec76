import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials", () => {
  it.each([
    ["Sarah M.", "SM"],
    ["david r.", "DR"],
    ["Mary-Kate O'Neil", "MO"],
    ["Cher", "C"],
    ["  José  de la Cruz ", "JC"],
    ["", ""],
  ])("%j -> %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
