import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("page links", () => {
  it("shows the ends and two either side of the current page", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(6, 10)).toEqual([1, null, 4, 5, 6, 7, 8, null, 10]);
  });
});
