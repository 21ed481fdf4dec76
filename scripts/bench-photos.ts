// `npm run bench:photos`: a build of the real content plus 50 camera-size photos
// (10 posts with 5 each), first with none of them processed yet (cold), then again
// into a new folder with the photo cache warm. Prints both times.
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cameraJpeg } from "./build-engine/photo-fixtures";
import { runBuild } from "./build-engine/run-build";

const work = await mkdtemp(join(tmpdir(), "bench-photos-"));
try {
  await cp("content", join(work, "content"), { recursive: true });
  // New bytes every run, so the first build really finds nothing in .cache/photos.
  const salt = Date.now() % 997;
  for (let post = 0; post < 10; post++) {
    const dir = join(work, "content", "blog", `photo-post-${post}`);
    await mkdir(dir);
    const lines: string[] = [];
    for (let n = 0; n < 5; n++) {
      await writeFile(join(dir, `photo-${n}.jpg`), await cameraJpeg(2400 + post * 10 + n, 1600 + salt));
      lines.push(`![Photo ${n} of the job](./photo-${n}.jpg)`);
    }
    await writeFile(join(dir, "index.md"), `---\ntitle: Photo post ${post}\npublishDate: 2025-01-0${post + 1 > 9 ? 9 : post + 1}\ncategory: Tree Care Tips\n---\n\nThe job in pictures.\n\n${lines.join("\n\n")}\n`);
  }
  for (const run of ["cold", "warm"]) {
    const started = performance.now();
    const summary = await runBuild({ root: process.cwd(), contentDir: join(work, "content"), outDir: join(work, `dist-${run}`), mode: "production" });
    console.log(`${run}: ${((performance.now() - started) / 1000).toFixed(2)} s for ${summary.totalPages} pages and 50 photos`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
