import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "./trust-proxy";

describe("parseTrustProxy (TRUST_PROXY)", () => {
  it("trusts nobody when unset, empty, false or 0", () => {
    for (const value of [undefined, "", "  ", "false", "0"]) expect(parseTrustProxy(value)).toBe(false);
  });

  it("reads a hop count or a list of addresses and names", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("loopback")).toEqual(["loopback"]);
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1,::1")).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
  });

  it("refuses `true` (anyone could name any client) and typos, naming the variable", () => {
    expect(() => parseTrustProxy("true")).toThrow(/^TRUST_PROXY: expected/);
    expect(() => parseTrustProxy("lopback")).toThrow(/TRUST_PROXY.*"lopback"/);
  });
});
