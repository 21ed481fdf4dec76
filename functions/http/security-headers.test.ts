import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpsOnlyHeaders, securityHeaders, sendSecurityHeaders } from "./security-headers";

const servers: import("node:http").Server[] = [];
/** An app behind a proxy that ends TLS (trust proxy: loopback), as TRUST_PROXY would set it, and one with no proxy trusted. */
const urls: Record<"trusting" | "plain", string> = { trusting: "", plain: "" };

beforeAll(async () => {
  for (const kind of ["trusting", "plain"] as const) {
    const app = express();
    app.set("trust proxy", kind === "trusting" ? "loopback" : false);
    app.use(sendSecurityHeaders());
    app.get("/", (_req, res) => res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((ok) => server.once("listening", ok));
    servers.push(server);
    urls[kind] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((ok) => s.close(ok))));
});

describe("sendSecurityHeaders", () => {
  it("sends every header on plain HTTP, without Strict-Transport-Security", async () => {
    const res = await fetch(urls.plain);
    for (const [name, value] of Object.entries(securityHeaders)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("adds Strict-Transport-Security when a trusted proxy says the request came over HTTPS", async () => {
    const res = await fetch(urls.trusting, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers.get("Strict-Transport-Security")).toBe(httpsOnlyHeaders["Strict-Transport-Security"]);
    expect(res.headers.get("Content-Security-Policy")).toBe(securityHeaders["Content-Security-Policy"]);
  });

  it("does not believe X-Forwarded-Proto from a client when no proxy is trusted", async () => {
    const res = await fetch(urls.plain, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();
  });
});
