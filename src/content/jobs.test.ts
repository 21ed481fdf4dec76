import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "./content-pipeline";
import { jobPhotos, loadJobs, type JobChoices } from "./jobs";
import { inThisThread } from "./load-content";
import type { Photo } from "./photo";

// Jobs of "Our work" as the build reads them: content/work/<slug>/index.md with the photos beside it.

const choices: JobChoices = {
  towns: [
    { slug: "chapin-sc", name: "Chapin" },
    { slug: "west-columbia-sc", name: "West Columbia" },
  ],
  services: [
    { slug: "tree-removal", title: "Tree Removal" },
    { slug: "stump-removal", title: "Stump Grinding & Removal" },
  ],
};

const job = (fields: Record<string, string>, body = "Took down a dead pine over the garage.") =>
  `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n")}\n---\n\n${body}\n`;

const fields = {
  date: "2025-04-22",
  town: "chapin-sc",
  service: "tree-removal",
  before: "./before.jpg",
  beforeAlt: "A dead pine leaning over a garage",
  after: "./after.jpg",
  afterAlt: "The garage with the pine gone",
};

const photo = (url: string): Photo => ({ width: 800, height: 600, fallback: "jpeg", variants: [{ format: "jpeg", width: 800, height: 600, url }] });

let root = "";
let contentDir = "";
/** The build's photos of every job written, keyed as scripts/build-engine/photos.ts keys them. */
let photos: Record<string, Photo> = {};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "jobs-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A content folder with these jobs (folder name -> file text); photos as the build would have made them. */
async function contentWith(jobs: Record<string, string>): Promise<string> {
  contentDir = await mkdtemp(join(root, "content-"));
  photos = {};
  for (const [slug, text] of Object.entries(jobs)) {
    const dir = join(contentDir, "work", slug);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "index.md"), text);
    for (const name of ["before.jpg", "after.jpg"]) photos[relative(process.cwd(), join(dir, name))] = photo(`/assets/photos/${slug}-${name}`);
  }
  return contentDir;
}

describe("loadJobs", () => {
  it("reads each job with its town, service and photos, newest first", async () => {
    const dir = await contentWith({
      "2025-03-01-stump-removal-chapin": job({ ...fields, date: "2025-03-01", service: "stump-removal" }, "Ground the stump.\n\nSeeded the spot."),
      "2025-04-22-tree-removal-chapin": job(fields),
      "2025-04-22-a-second-one": job({ ...fields, town: "West Columbia", service: "Tree Removal" }),
    });
    const jobs = await loadJobs(dir, choices, photos);
    expect(jobs.map((j) => j.slug)).toEqual(["2025-04-22-tree-removal-chapin", "2025-04-22-a-second-one", "2025-03-01-stump-removal-chapin"]);
    const [first, second, third] = jobs;
    expect(first?.town).toEqual({ slug: "chapin-sc", name: "Chapin" });
    expect(first?.service).toEqual({ slug: "tree-removal", title: "Tree Removal" });
    expect(first?.before).toEqual({ photo: photos[Object.keys(photos).find((k) => k.includes("04-22-tree-removal-chapin/before"))!], alt: "A dead pine leaning over a garage" });
    expect(first?.after.alt).toBe("The garage with the pine gone");
    expect(first?.date).toBe("2025-04-22");
    // A town and a service may be written by name, as a person would.
    expect(second?.town.slug).toBe("west-columbia-sc");
    expect(second?.service.slug).toBe("tree-removal");
    expect(third?.html).toBe("<p>Ground the stump.</p>\n<p>Seeded the spot.</p>\n");
    expect(third?.summary).toBe("Ground the stump.");
  });

  it("has no jobs without a content/work folder, and passes over dot folders and folders without index.md", async () => {
    const dir = await contentWith({});
    expect(await loadJobs(dir, choices, photos)).toEqual([]);
    await mkdir(join(dir, "work", ".removing-x"), { recursive: true });
    await writeFile(join(dir, "work", ".removing-x", "index.md"), "not a job");
    await mkdir(join(dir, "work", "photos-only"));
    expect(await loadJobs(dir, choices, photos)).toEqual([]);
  });

  it("names an unknown town or service with the one meant, and lists the choices when nothing is close", async () => {
    const dir = await contentWith({ "x": job({ ...fields, town: "chapn-sc", service: "tree-remova" }), "y": job({ ...fields, service: "mowing" }) });
    const error = await loadJobs(dir, choices, photos).catch((e: Error) => e);
    expect(String(error)).toContain(`content-`);
    expect(String(error)).toMatch(/work\/x\/index\.md: town: "chapn-sc" is not a town of the site \(the files in content\/locations\): did you mean chapin-sc\?/);
    expect(String(error)).toMatch(/work\/x\/index\.md: service: "tree-remova" is not a service of the site \(the files in content\/services\): did you mean tree-removal\?/);
    expect(String(error)).toMatch(/work\/y\/index\.md: service: "mowing" is not a service of the site \(the files in content\/services\): write one of tree-removal, stump-removal/);
  });

  it("names every mistake of every file in one go: field, date, photo, description, text, a loose file", async () => {
    const dir = await contentWith({
      a: job({ ...fields, date: "2025-02-30" }),
      b: job({ ...fields, Town: "chapin-sc" }),
      c: job({ ...fields, before: "./befor.jpg" }),
      d: job(Object.fromEntries(Object.entries(fields).filter(([k]) => k !== "afterAlt"))),
      e: job(fields, ""),
      f: job({ ...fields, date: "2025-04-22T09:30" }),
    });
    await writeFile(join(dir, "work", "loose.md"), job(fields));
    const error = String(await loadJobs(dir, choices, photos).catch((e: Error) => e));
    expect(error).toMatch(/work\/a\/index\.md: date: 2025-02-30 is not a real date \(February has 28 days in 2025\)/);
    expect(error).toMatch(/work\/b\/index\.md: \(file\): unknown field "Town": did you mean town\?/);
    expect(error).toMatch(/work\/c\/index\.md: before: is not there \(looked for [^)]*work\/c\/befor\.jpg\); check the file name, or put the photo beside the file/);
    expect(error).toMatch(/work\/d\/index\.md: afterAlt: is required with after: describe what the photo shows/);
    expect(error).toMatch(/work\/e\/index\.md: \(body\): say what was done below the front matter/);
    expect(error).toMatch(/work\/f\/index\.md: date: expected the day only, like 2025-04-22/);
    expect(error).toMatch(/work\/loose\.md: \(file\): a job is a folder with its photos: move it to [^ ]*work\/loose\/index\.md/);
  });

  it("lists a job's photos as the build names them (the desk's photo library reads them so)", () => {
    expect(jobPhotos("content/work/x/index.md", { before: "./before.jpg", beforeAlt: "b", after: "./photos/after.png", afterAlt: undefined })).toEqual([
      { role: "before", src: "./before.jpg", file: "content/work/x/before.jpg", alt: "b" },
      { role: "after", src: "./photos/after.png", file: "content/work/x/photos/after.png", alt: undefined },
    ]);
  });
});

describe("the jobs in content/ through the one loader", () => {
  it("come with the site's content: the examples, each with a real town, service and both photos", async () => {
    const copy = join(root, "real");
    await cp("content", copy, { recursive: true });
    const examples = ["2025-04-22-tree-removal-chapin", "2025-03-11-stump-removal-irmo", "2025-02-06-tree-trimming-pruning-lexington"];
    const photosOf = Object.fromEntries(
      examples.flatMap((slug) => ["before.jpg", "after.jpg"].map((name) => [relative(process.cwd(), join(copy, "work", slug, name)), photo(`/${slug}/${name}`)])),
    );
    const { content } = await loadContent(copy, { mode: "production", builtAt: "2025-06-01T00:00:00Z" }, inThisThread({ photos: photosOf }));
    expect(content.jobs.map((j) => j.slug)).toEqual(examples);
    expect(content.jobs.map((j) => `${j.service.title} in ${j.town.name}`)).toEqual(["Tree Removal in Chapin", "Stump Removal & Grinding in Irmo", "Tree Trimming & Pruning in Lexington"]);
    expect((await readFile(join(copy, "site.json"), "utf8")).includes('"work: example jobs"')).toBe(true);
  });

  it("reports a job's mistake with the other files' problems, naming the file and field", async () => {
    const copy = join(root, "broken");
    await cp("content", copy, { recursive: true });
    const file = join(copy, "work", "2025-04-22-tree-removal-chapin", "index.md");
    await writeFile(file, (await readFile(file, "utf8")).replace("town: chapin-sc", "town: chapim-sc"));
    await expect(loadContent(copy, { mode: "production", builtAt: "2025-06-01T00:00:00Z" }, inThisThread())).rejects.toThrow(
      /work\/2025-04-22-tree-removal-chapin\/index\.md: town: "chapim-sc" is not a town of the site \(the files in content\/locations\): did you mean chapin-sc\?/,
    );
  });
});
