import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContentError } from "./content-error";
import { contactServiceTypes, loadServiceChoices, loadServices, serviceChoicesReader } from "./services";

const servicesDir = fileURLToPath(new URL("../../content/services", import.meta.url));

describe("loadServices on the real content", () => {
  it("loads the six services in display order", async () => {
    const services = await loadServices(servicesDir);
    expect(services.map((s) => s.slug)).toEqual([
      "emergency-tree-removal",
      "tree-removal",
      "tree-trimming-pruning",
      "cabling-bracing",
      "stump-removal",
      "tree-doctor",
    ]);
    expect(services.map((s) => s.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(services.map((s) => s.serviceType).sort()).toEqual([...contactServiceTypes].sort());
  });

  it("badges only the emergency card, with 'Available 24/7'", async () => {
    const services = await loadServices(servicesDir);
    expect(services.filter((s) => s.card.badge !== undefined).map((s) => [s.slug, s.card.badge])).toEqual([
      ["emergency-tree-removal", "Available 24/7"],
    ]);
  });

  it("states the spec's facts in the FAQs", async () => {
    const services = await loadServices(servicesDir);
    const faqText = (slug: string) =>
      services
        .find((s) => s.slug === slug)
        ?.faqs.map((f) => `${f.question} ${f.answer}`)
        .join(" ") ?? "";
    expect(faqText("tree-removal")).toContain("$500 and $3,000");
    expect(faqText("stump-removal")).toContain("6-12 inches below ground");
    expect(faqText("emergency-tree-removal")).toContain("1-2 hours");
    for (const service of services) expect(service.faqs.length).toBeGreaterThanOrEqual(4);
    // The spec gives exactly 4 FAQs for these two pages.
    expect(services.find((s) => s.slug === "emergency-tree-removal")?.faqs).toHaveLength(4);
    expect(services.find((s) => s.slug === "tree-removal")?.faqs).toHaveLength(4);
  });

  it("keeps the Markdown intro as the body, 2-3 paragraphs each", async () => {
    for (const service of await loadServices(servicesDir)) {
      const paragraphs = service.body.split(/\n\s*\n/);
      expect(paragraphs.length, service.slug).toBeGreaterThanOrEqual(2);
      expect(paragraphs.length, service.slug).toBeLessThanOrEqual(3);
      expect(service.body, service.slug).not.toContain("---");
    }
  });
});

describe("loadServices on broken content", () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "services-test-"));
    await mkdir(path.join(root, "content/services"), { recursive: true });
    // Messages are relative to the working directory; pretend it is the temp root.
    vi.spyOn(process, "cwd").mockReturnValue(root);
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(root, { recursive: true, force: true });
  });

  /** Writes a copy of a real service file with its front matter changed by `edit`. */
  async function writeVariant(name: string, edit: (data: Record<string, unknown>) => void): Promise<void> {
    const source = matter(await readFile(path.join(servicesDir, "tree-removal.md"), "utf8"), {});
    const data: Record<string, unknown> = { ...source.data };
    edit(data);
    await writeFile(path.join(root, "content/services", name), matter.stringify(source.content, data));
  }

  async function loadError(): Promise<ContentError> {
    const error = await loadServices(path.join(root, "content/services")).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof ContentError)) throw new Error(`expected a ContentError, got ${String(error)}`);
    return error;
  }

  it("skips an editor's lock or backup file (a dot file) beside the services", async () => {
    await writeVariant("tree-removal.md", () => {});
    await writeFile(path.join(root, "content/services", ".#tree-removal.md"), "not front matter at all");
    const services = await loadServices(path.join(root, "content/services"));
    expect(services.map((s) => s.slug)).toEqual(["tree-removal"]);
  });

  it("leaves the form's choices empty, with the problem, so an email still goes out", async () => {
    await writeVariant("broken.md", (data) => {
      delete data.title;
    });
    const { choices, problem } = await loadServiceChoices(path.join(root, "content"));
    expect(choices).toEqual([]);
    expect(problem).toBeInstanceOf(ContentError);
  });

  it("reads the choices again only after a service file was saved, added or removed", async () => {
    await writeVariant("tree-removal.md", () => {});
    const read = serviceChoicesReader(path.join(root, "content"));
    const first = await read();
    expect(first.choices.map((c) => c.label)).toEqual(["Tree Removal", "Other"]);
    expect(await read()).toBe(first);
    await writeVariant("tree-removal.md", (data) => {
      data.title = "Tree Felling";
    });
    expect((await read()).choices.map((c) => c.label)).toEqual(["Tree Felling", "Other"]);
    await writeVariant("stump-grinding.md", (data) => {
      Object.assign(data, { title: "Stump Grinding", serviceType: "stump-removal", order: 5 });
    });
    expect((await read()).choices.map((c) => c.label)).toEqual(["Tree Felling", "Stump Grinding", "Other"]);
    await unlink(path.join(root, "content/services", "stump-grinding.md"));
    expect((await read()).choices.map((c) => c.label)).toEqual(["Tree Felling", "Other"]);
  });

  it("names the file and field of every problem, in one error", async () => {
    await writeVariant("broken.md", (data) => {
      delete data.title;
      data.order = "first";
      data.features = [
        { title: "One", description: "First." },
        { title: "Two", description: "Second." },
      ];
    });
    const lines = (await loadError()).message.split("\n");
    expect(lines).toContain("content/services/broken.md: title: required");
    expect(lines).toContain("content/services/broken.md: order: expected a whole number like 1, got \"first\"");
    expect(lines).toContain("content/services/broken.md: features: expected exactly 3 features, got 2");
  });

  it("rejects misspelled fields, long meta descriptions, too few FAQs and an empty body", async () => {
    await writeVariant("typo.md", (data) => {
      data.metaDescripton = data.metaDescription;
      data.metaDescription = "x".repeat(160);
      data.faqs = [{ question: "Q?", answer: "A." }];
    });
    await writeFile(
      path.join(root, "content/services/no-body.md"),
      matter.stringify("", matter(await readFile(path.join(servicesDir, "cabling-bracing.md"), "utf8"), {}).data),
    );
    const lines = (await loadError()).message.split("\n");
    expect(lines).toContain('content/services/typo.md: (file): unknown field "metaDescripton": did you mean metaDescription?');
    expect(lines).toContain(
      "content/services/typo.md: metaDescription: must be at most 155 characters so search results do not cut it off, got 160",
    );
    expect(lines).toContain("content/services/typo.md: faqs: expected at least 4 FAQs, got 1");
    expect(lines).toContain(
      "content/services/no-body.md: (body): the intro is empty: write 2-3 paragraphs of Markdown below the front matter",
    );
  });

  it("names the field a mistyped key was meant to be: another case, or a letter or two off", async () => {
    await writeVariant("typo.md", (data) => {
      data.Title = data.title;
      delete data.title;
      data.metaTitel = data.metaTitle;
      delete data.metaTitle;
      data.faqs = (data.faqs as Record<string, unknown>[]).map(({ question, ...rest }, i) => (i === 0 ? { questoin: question, ...rest } : { question, ...rest }));
      data.colour = "green";
    });
    const lines = (await loadError()).message.split("\n");
    expect(lines).toContain(
      'content/services/typo.md: (file): unknown fields "Title" (did you mean title?), "metaTitel" (did you mean metaTitle?), "colour": check the spelling or remove them',
    );
    expect(lines).toContain('content/services/typo.md: faqs.0: unknown field "questoin": did you mean question?');
  });

  it("reports orders and titles used twice across files", async () => {
    await writeVariant("a.md", () => {});
    await writeVariant("b.md", (data) => {
      data.serviceType = "tree-doctor";
    });
    const lines = (await loadError()).message.split("\n");
    expect(lines).toContain("content/services/b.md: order: 2 is already used by content/services/a.md");
    expect(lines).toContain('content/services/b.md: title: "Tree Removal" is already used by content/services/a.md');
  });

  it("reports bad YAML and file names that cannot be URLs", async () => {
    await writeFile(path.join(root, "content/services/bad-yaml.md"), "---\ntitle: [unclosed\n---\nBody\n");
    await writeFile(path.join(root, "content/services/Tree Removal.md"), "---\ntitle: x\n---\n");
    const problems = (await loadError()).problems;
    expect(problems).toContainEqual(
      expect.objectContaining({ file: "content/services/bad-yaml.md", field: "front matter" }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ file: "content/services/Tree Removal.md", field: "(file name)" }),
    );
  });

  it("names a missing folder", async () => {
    const error = await loadServices(path.join(root, "content/nowhere")).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ContentError);
    expect(String(error)).toContain("content/nowhere: (folder): cannot read the folder");
  });
});
