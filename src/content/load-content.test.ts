import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSite } from "./load-content";

async function contentWithSite(site: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "site-json-"));
  await writeFile(join(dir, "site.json"), typeof site === "string" ? site : JSON.stringify(site));
  return dir;
}

const realSite = async () => JSON.parse(await readFile("content/site.json", "utf8"));

describe("loadSite", () => {
  it("reads the real business facts", async () => {
    const site = await loadSite("content", {});
    expect(site.address.postalCode).toBe("29036");
    expect(site.rating).toEqual({ value: 5, count: 47 });
    expect(site.url).not.toMatch(/\/$/);
  });

  it("lets SITE_URL replace the url", async () => {
    const site = await loadSite("content", { SITE_URL: "https://preview.example.org/" });
    expect(site.url).toBe("https://preview.example.org");
  });

  it("names the file and the field of a mistake", async () => {
    const dir = await contentWithSite({ ...(await realSite()), phone: { display: "803", dial: "555" } });
    await expect(loadSite(dir, {})).rejects.toThrow(/site\.json: phone\.dial: expected an international number like \+18035550142/);
  });

  it("says when the file is not JSON", async () => {
    const dir = await contentWithSite("{ name: ");
    await expect(loadSite(dir, {})).rejects.toThrow(/site\.json: \(file\): could not be read as JSON/);
  });
});
