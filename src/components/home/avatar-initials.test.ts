import { describe, expect, it } from "vitest";
import { initials } from "../../content/home";
import { avatarInitials } from "./avatar-initials";

describe("avatarInitials", () => {
  it("agrees with initials() in src/content/home.ts", () => {
    for (const name of ["Sarah M.", "David R.", "Mary-Kate O'Neil", "Cher", "  Ana   de la Cruz "]) {
      expect(avatarInitials(name), name).toBe(initials(name));
    }
  });
});
