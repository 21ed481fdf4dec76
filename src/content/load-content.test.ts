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
    expect(site.rating).toEqual({ value: 5, count: 47, fromReviews: false });
    expect(site.url).not.toMatch(/\/$/);
  });

  it("lets SITE_URL replace the url", async () => {
    const site = await loadSite("content", { SITE_URL: "https://preview.example.org/" });
    expect(site.url).toBe("https://preview.example.org");
  });

  it("names the file and the field of a mistake", async () => {
    const dir = await contentWithSite({ ...(await realSite()), phone: { display: "(803) 555-0142", dial: "555" } });
    await expect(loadSite(dir, {})).rejects.toThrow(/site\.json: phone\.dial: expected an international number like \+18035550142/);
  });

  it("takes messagesKeptFor as a length of time the server deletes by, in the owner's words, and names the field of anything else", async () => {
    for (const words of ["two years", "18 months", "90 days", "Twelve Weeks"]) expect((await loadSite(await contentWithSite({ ...(await realSite()), messagesKeptFor: words }), {})).messagesKeptFor).toBe(words);
    for (const words of ["a while", "forever", "0 days", "2 decades", ""]) {
      await expect(loadSite(await contentWithSite({ ...(await realSite()), messagesKeptFor: words }), {})).rejects.toThrow(
        /site\.json: messagesKeptFor: expected a length of time like "two years", "18 months" or "90 days"/,
      );
    }
  });

  it("works out the number to dial from the phone as shown, so it is written once", async () => {
    const site = await loadSite(await contentWithSite({ ...(await realSite()), phone: "803.555.0199" }), {});
    expect(site.phone).toEqual({ display: "803.555.0199", dial: "+18035550199" });
    const withOne = await loadSite(await contentWithSite({ ...(await realSite()), phone: "1 (803) 555-0199" }), {});
    expect(withOne.phone.dial).toBe("+18035550199");
  });

  it("refuses a dial form that disagrees with the shown number, naming both", async () => {
    const dir = await contentWithSite({ ...(await realSite()), phone: { display: "(803) 555-0199", dial: "+18035550142" } });
    await expect(loadSite(dir, {})).rejects.toThrow(
      /site\.json: phone\.dial: is \+18035550142 but phone\.display "\(803\) 555-0199" dials \+18035550199: remove dial/,
    );
  });

  it("asks for the international form of a number outside the US", async () => {
    const dir = await contentWithSite({ ...(await realSite()), phone: "01632 960123" });
    await expect(loadSite(dir, {})).rejects.toThrow(/site\.json: phone\.dial: is needed for a number outside the US/);
    const site = await loadSite(await contentWithSite({ ...(await realSite()), phone: { display: "01632 960123", dial: "+441632960123" } }), {});
    expect(site.phone.dial).toBe("+441632960123");
  });

  it("says when the file is not JSON, by line and column, not a character offset", async () => {
    const text = JSON.stringify(await realSite(), null, 2);
    const phoneLine = text.split("\n").findIndex((line) => line.startsWith('  "phone":'));
    const broken = text.replace(/("phone": [^\n]*),\n/, "$1\n");
    const column = (text.split("\n")[phoneLine] ?? "").length;
    await expect(loadSite(await contentWithSite(broken), {})).rejects.toThrow(
      `site.json: phone: line ${phoneLine + 1}, column ${column}: a comma is missing after this value (before the next name), or a } is missing`,
    );
  });
});
