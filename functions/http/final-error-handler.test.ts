import express from "express";
import { describe, expect, it } from "vitest";
import { listen } from "../../tests/test-support";
import { finalErrorHandler, rejectMalformedUrl } from "./final-error-handler";

/** An app whose routes fail the ways real code does, closed by the handler under test. */
async function failingApp(errors: string[]) {
  const app = express();
  app.use(rejectMalformedUrl);
  app.get("/throws", () => {
    throw new Error("secret detail at /srv/app/src/db.ts:12");
  });
  app.get("/rejects", async () => Promise.reject(new TypeError("cannot read x of undefined")));
  app.get("/api/throws", () => {
    throw new Error("secret detail");
  });
  app.use(finalErrorHandler({ logger: { error: (message) => void errors.push(message) } }));
  return listen(app);
}

describe("finalErrorHandler", () => {
  it("answers a plain 500 page or JSON, logs the error, and shows nothing internal", async () => {
    const errors: string[] = [];
    const server = await failingApp(errors);
    try {
      for (const [target, type] of [["/throws", "text/html"], ["/rejects", "text/html"], ["/api/throws", "application/json"]] as const) {
        const res = await fetch(server.url + target);
        expect(res.status).toBe(500);
        expect(res.headers.get("content-type")).toContain(type);
        const text = await res.text();
        expect(text).not.toMatch(/secret|undefined|\/srv\/|at \S+ \(/);
      }
      expect(errors).toHaveLength(3);
      expect(errors[0]).toContain('GET "/throws"');
    } finally {
      await server.close();
    }
  });

  it("turns a URL that does not decode into a 400 before any route sees it", async () => {
    const server = await failingApp([]);
    try {
      const res = await fetch(`${server.url}/throws%E0%A4%A`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("could not be read");
    } finally {
      await server.close();
    }
  });
});
