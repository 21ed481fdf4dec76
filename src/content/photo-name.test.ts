import { describe, expect, it } from "vitest";
import { photoFileName } from "./photo-name";

describe("photoFileName", () => {
  it("is named after its description", () => {
    expect(photoFileName("The crew raking leaves", "jpeg", [])).toBe("the-crew-raking-leaves.jpg");
    expect(photoFileName("The crew raking leaves", "jpeg", ["the-crew-raking-leaves.jpg"])).toBe("the-crew-raking-leaves-2.jpg");
    expect(photoFileName("???", "png", [])).toBe("photo.png");
  });
});
