import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { site } from "../../tests/test-support";
import { ogImagePng, ogImageSvg } from "./og-image";

describe("the share image", () => {
  it("says the business name, tagline, emergency line and phone from site.json, escaped", async () => {
    const svg = await ogImageSvg({ ...site, name: "Oak & Pine", phone: { display: "(803) 555-0199", dial: "+18035550199" } });
    expect(svg).toContain(">Oak &amp; Pine</text>");
    expect(svg).toContain(">(803) 555-0199</text>");
    expect(svg).toContain(`>${site.tagline}</text>`);
    expect(svg).toContain(`>${site.emergencyLine.toUpperCase()}</text>`);
    expect(svg).not.toContain("555-0142");
  });

  it("is a 1200x630 PNG that changes when the phone does", async () => {
    const before = await ogImagePng(site);
    const after = await ogImagePng({ ...site, phone: { display: "(803) 555-0199", dial: "+18035550199" } });
    expect(await sharp(before).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(after.equals(before)).toBe(false);
    // The same facts give the same bytes, so an unchanged site rewrites nothing.
    expect((await ogImagePng(site)).equals(before)).toBe(true);
  });
});
