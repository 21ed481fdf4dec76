import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContentError } from "./content-error";
import { loadLocations, type Location } from "./locations";
import { contactServiceTypes } from "./services";

const locationsDir = fileURLToPath(new URL("../../content/locations", import.meta.url));

const townSlugs = [
  "chapin",
  "columbia",
  "lexington",
  "irmo",
  "blythewood",
  "west-columbia",
  "cayce",
  "little-mountain",
  "ballentine",
  "white-rock",
  "lake-murray",
  "prosperity",
  "newberry",
  "gilbert",
  "batesburg-leesville",
  "saluda",
  "pomaria",
  "peak",
  "seven-oaks",
  "dutch-fork",
];

/** Every word a visitor reads on the town page, for "does the page say X" checks. */
const pageText = (town: Location | undefined): string =>
  town === undefined
    ? ""
    : [
        town.subtitle,
        town.intro.heading,
        ...town.intro.paragraphs,
        ...town.features.flatMap((f) => [f.title, f.description]),
        ...town.services.map((s) => s.name),
        town.closing.heading,
        town.closing.line,
      ].join(" ");

describe("loadLocations on the real content", () => {
  let towns: Location[];
  const town = (slug: string) => towns.find((t) => t.slug === slug);

  beforeEach(async () => {
    towns = await loadLocations(locationsDir);
  });

  it("loads the 20 towns of the spec, in order", () => {
    expect(towns.map((t) => t.slug)).toEqual(townSlugs.map((slug) => `${slug}-sc`));
    expect(towns.map((t) => t.order)).toEqual(townSlugs.map((_, i) => i + 1));
    expect(town("west-columbia-sc")?.name).toBe("West Columbia");
    expect(town("batesburg-leesville-sc")?.name).toBe("Batesburg-Leesville");
  });

  it("makes Chapin the only primary town", () => {
    expect(towns.filter((t) => t.primary).map((t) => t.name)).toEqual(["Chapin"]);
  });

  it("lists the spec's 12 areas on the contact page", () => {
    expect(towns.filter((t) => t.onContactPage).map((t) => t.name)).toEqual([
      "Chapin",
      "Columbia",
      "Lexington",
      "Irmo",
      "Blythewood",
      "West Columbia",
      "Cayce",
      "Little Mountain",
      "Ballentine",
      "White Rock",
      "Lake Murray",
      "Prosperity",
    ]);
  });

  it("gives the spec's neighbourhoods", () => {
    expect(town("irmo-sc")?.neighborhoods).toEqual([
      "Lake Murray",
      "Seven Oaks",
      "Harbison",
      "Friarsgate",
      "Lake Murray Shores",
      "Dutch Fork",
      "Crosscreek",
      "Woodlands",
    ]);
    expect(town("west-columbia-sc")?.neighborhoods).toEqual([
      "Riverwalk",
      "Meeting Street",
      "Sunset",
      "Saluda Gardens",
      "Platt Springs",
      "Springdale",
      "Airport",
      "Guignard",
    ]);
    expect(town("chapin-sc")?.neighborhoods).toHaveLength(8);
    expect(town("columbia-sc")?.neighborhoods).toHaveLength(12);
  });

  it("writes town-specific copy: lake, rural and historic themes where the spec puts them", () => {
    expect(pageText(town("lake-murray-sc"))).toContain("650-mile shoreline");
    for (const slug of ["little-mountain-sc", "pomaria-sc", "peak-sc"]) {
      expect(town(slug)?.theme, slug).toBe("rural");
      expect(pageText(town(slug)), slug).toMatch(/fence line/i);
    }
    for (const slug of ["newberry-sc", "saluda-sc", "west-columbia-sc"]) {
      expect(town(slug)?.theme, slug).toBe("historic");
      expect(pageText(town(slug)), slug).toMatch(/heritage/i);
    }
    for (const slug of ["chapin-sc", "irmo-sc", "ballentine-sc", "lake-murray-sc"]) {
      expect(town(slug)?.theme, slug).toBe("lake");
      expect(pageText(town(slug)), slug).toContain("Lake Murray");
    }
    // No two towns share a subtitle or intro: each page is its own.
    expect(new Set(towns.map((t) => t.subtitle)).size).toBe(towns.length);
    expect(new Set(towns.map((t) => t.intro.paragraphs[0])).size).toBe(towns.length);
  });

  it("places every town on the map near the business (within 60 miles of Chapin) and names a real service on every line", () => {
    const chapin = town("chapin-sc");
    for (const t of towns) {
      const miles = Math.hypot(((t.map?.latitude ?? 0) - (chapin?.map?.latitude ?? 0)) * 69, ((t.map?.longitude ?? 0) - (chapin?.map?.longitude ?? 0)) * 57);
      expect(miles, t.slug).toBeLessThan(60);
      for (const line of t.services) expect(contactServiceTypes, `${t.slug}: ${line.name}`).toContain(line.service);
    }
  });

  it("leaves the keywords meta off the four pages the spec ships without it", () => {
    expect(towns.filter((t) => t.keywords === undefined).map((t) => t.name)).toEqual([
      "Lexington",
      "Blythewood",
      "West Columbia",
      "Cayce",
    ]);
  });
});

describe("loadLocations on broken content", () => {
  let root: string;
  const dir = () => path.join(root, "content/locations");

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "locations-test-"));
    await mkdir(dir(), { recursive: true });
    // Messages are relative to the working directory; pretend it is the temp root.
    vi.spyOn(process, "cwd").mockReturnValue(root);
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(root, { recursive: true, force: true });
  });

  /** Writes a copy of a real town file under `name`, with its front matter changed by `edit`. */
  async function writeVariant(
    from: string,
    name: string,
    edit: (data: Record<string, unknown>) => void = () => {},
    body = "",
  ): Promise<void> {
    const source = matter(await readFile(path.join(locationsDir, from), "utf8"), {});
    const data: Record<string, unknown> = { ...source.data };
    edit(data);
    await writeFile(path.join(dir(), name), matter.stringify(body, data));
  }

  async function errorLines(): Promise<string[]> {
    const error = await loadLocations(dir()).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof ContentError)) throw new Error(`expected a ContentError, got ${String(error)}`);
    return error.message.split("\n");
  }

  it("names the file and field of every problem, in one error", async () => {
    await writeVariant("chapin-sc.md", "chapin-sc.md");
    await writeVariant("peak-sc.md", "peak-sc.md", (data) => {
      delete data.name;
      data.theme = "mountain";
      data.features = (data.features as unknown[]).slice(0, 2);
      data.services = ["Only one"];
    });
    const lines = await errorLines();
    expect(lines).toContain("content/locations/peak-sc.md: name: required");
    expect(lines).toContain(
      "content/locations/peak-sc.md: theme: expected one of lake, rural, historic, suburban, urban, got \"mountain\"",
    );
    expect(lines).toContain("content/locations/peak-sc.md: features: expected exactly 3 features, got 2");
    expect(lines).toContain("content/locations/peak-sc.md: services: expected 5 to 6 services, got 1");
  });

  it("checks map coordinates and each service line's service", async () => {
    await writeVariant("chapin-sc.md", "chapin-sc.md");
    await writeVariant("peak-sc.md", "peak-sc.md", (data) => {
      data.map = { latitude: 51.5, longitude: -81.3 };
      data.services = [...(data.services as unknown[]).slice(0, 4), { name: "Stump grinding", service: "stump-grinding" }];
    });
    const lines = await errorLines();
    expect(lines).toContain("content/locations/peak-sc.md: map.latitude: expected a South Carolina latitude (32 to 35.3)");
    expect(lines.some((l) => l.startsWith("content/locations/peak-sc.md: services.4.service: expected one of emergency-removal, tree-removal"))).toBe(true);
  });

  it("requires exactly one primary town", async () => {
    await writeVariant("chapin-sc.md", "chapin-sc.md");
    await writeVariant("irmo-sc.md", "irmo-sc.md", (data) => {
      data.primary = true;
    });
    expect(await errorLines()).toContain(
      "content/locations/irmo-sc.md: primary: only one town can be primary, and content/locations/chapin-sc.md already is",
    );

    await rm(path.join(dir(), "chapin-sc.md"));
    await writeVariant("irmo-sc.md", "irmo-sc.md");
    expect(await errorLines()).toEqual(["content/locations: primary: no town has primary: true; mark the home town"]);
  });

  it("reports duplicate orders and meta descriptions, stray bodies and bad file names", async () => {
    await writeVariant("chapin-sc.md", "chapin-sc.md", () => {}, "Some text that would never be shown.");
    await writeVariant("irmo-sc.md", "irmo-sc.md", (data) => {
      data.order = 1;
    });
    await writeVariant("cayce-sc.md", "cayce-2-sc.md", (data) => {
      data.name = "Cayce Two";
      data.order = 30;
    });
    await writeVariant("cayce-sc.md", "cayce-sc.md");
    await writeVariant("peak-sc.md", "peak.md");
    const lines = await errorLines();
    expect(lines).toContain(
      "content/locations/chapin-sc.md: (body): town pages show no Markdown body: move this text into intro.paragraphs",
    );
    expect(lines).toContain("content/locations/irmo-sc.md: order: 1 is already used by content/locations/chapin-sc.md");
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^content\/locations\/cayce-sc\.md: metaDescription: ".+" is already used by content\/locations\/cayce-2-sc\.md$/,
        ),
      ]),
    );
    expect(lines).toContain(
      "content/locations/peak.md: (file name): the file name becomes the page URL: use lowercase words joined by hyphens, ending in -sc, like chapin-sc.md",
    );
  });

  it("accepts a town the owner adds", async () => {
    await writeVariant("chapin-sc.md", "chapin-sc.md");
    await writeVariant("peak-sc.md", "elgin-sc.md", (data) => {
      data.name = "Elgin";
      data.order = 21;
      data.metaDescription = "Tree service in Elgin, SC.";
    });
    const towns = await loadLocations(dir());
    expect(towns.map((t) => t.slug)).toEqual(["chapin-sc", "elgin-sc"]);
  });
});
