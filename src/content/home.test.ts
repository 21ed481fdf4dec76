import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContentError } from "./content-error";
import { loadHome } from "./home";

const contentDir = fileURLToPath(new URL("../../content", import.meta.url));

describe("loadHome on the real content", () => {
  it("has the spec's counts: 6 benefits, 2 five-star testimonials, 6 native trees", async () => {
    const home = await loadHome(contentDir);
    expect(home.benefits).toHaveLength(6);
    expect(home.testimonials).toHaveLength(2);
    expect(home.testimonials.map((t) => t.rating)).toEqual([5, 5]);
    expect(home.nativeTrees.map((t) => `${t.name} (${t.scientificName})`)).toEqual([
      "Southern Live Oak (Quercus virginiana)",
      "Longleaf Pine (Pinus palustris)",
      "Eastern Redbud (Cercis canadensis)",
      "Bald Cypress (Taxodium distichum)",
      "Southern Magnolia (Magnolia grandiflora)",
      "Sweetgum (Liquidambar styraciflua)",
    ]);
  });

  it("promotes the spec's pitch in the benefits", async () => {
    const titles = (await loadHome(contentDir)).benefits.map((b) => b.title);
    expect(titles).toEqual(
      expect.arrayContaining(["24/7 Emergency Service", "ISA-Certified Arborists", "Licensed & Fully Insured", "Locally Owned"]),
    );
  });

  it("names the sections the spec lists", async () => {
    const { sections } = await loadHome(contentDir);
    expect(sections.testimonials.heading).toBe("Satisfied Clients");
    expect(sections.nativeTrees.heading).toBe("Top Native Trees");
    expect(sections.serviceAreas.heading).toBe("Service Areas");
  });
});

describe("loadHome on broken content", () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "home-test-"));
    await mkdir(path.join(root, "content"));
    // Messages are relative to the working directory; pretend it is the temp root.
    vi.spyOn(process, "cwd").mockReturnValue(root);
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(root, { recursive: true, force: true });
  });

  async function errorLines(json: string): Promise<string[]> {
    await writeFile(path.join(root, "content/home.json"), json);
    const error = await loadHome(path.join(root, "content")).catch((thrown: unknown) => thrown);
    if (!(error instanceof ContentError)) throw new Error(`expected a ContentError, got ${String(error)}`);
    return error.message.split("\n");
  }

  it("names the file and field of every problem", async () => {
    const broken = {
      ...(await loadHome(contentDir)),
      hero: { subheading: 42 },
      benefits: [{ icon: "clock", title: "Only one", description: "Five are missing." }],
      testimonials: [
        { name: "A B.", location: "Chapin, SC", rating: 6, text: "Too many stars." },
        { name: "C D.", location: "Irmo, SC", text: "Rating left out." },
      ],
    };
    const lines = await errorLines(JSON.stringify(broken));
    expect(lines).toEqual([
      "content/home.json: hero.heading: required",
      "content/home.json: hero.subheading: expected text, got a number",
      "content/home.json: benefits: expected exactly 6 benefits, got 1",
      "content/home.json: testimonials.0.rating: expected a whole number of stars from 1 to 5",
    ]);
  });

  it("defaults a missing rating to 5", async () => {
    const home = await loadHome(contentDir);
    const testimonials = home.testimonials.map(({ name, location, text }) => ({ name, location, text }));
    await writeFile(path.join(root, "content/home.json"), JSON.stringify({ ...home, testimonials }));
    const loaded = await loadHome(path.join(root, "content"));
    expect(loaded.testimonials.map((t) => t.rating)).toEqual([5, 5]);
  });

  it("reports JSON syntax errors against the file", async () => {
    const [line, ...rest] = await errorLines("{ \"hero\": ");
    expect(line).toBe("content/home.json: hero: line 1, column 11: the file ends too early: a closing } or ] is missing");
    expect(rest).toEqual([]);
  });
});
