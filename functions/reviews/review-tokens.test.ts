import { describe, expect, it } from "vitest";
import { createReviewTokens, TOKEN_LIFETIME_MS } from "./review-tokens";

const id = "3f1c2b9a-6d2e-4c1a-9b7f-2a4e5d6c7b8a";
const createdAt = "2025-06-01T12:00:00.000Z";
const secret = Buffer.alloc(32, 7);
const posted = Date.parse(createdAt);

describe("review link tokens", () => {
  it("accepts its own token, bound to the review and the action, until 30 days after the review", () => {
    const tokens = createReviewTokens(secret, () => posted + TOKEN_LIFETIME_MS - 1000);
    const token = tokens.sign(id, "approve", createdAt);
    expect(tokens.check(token)).toMatchObject({ ok: true, id, action: "approve" });
    // Resends of one email carry the same links.
    expect(tokens.sign(id, "approve", createdAt)).toBe(token);
    expect(tokens.sign(id, "reject", createdAt)).not.toBe(token);
  });

  it("refuses an expired token as expired, and an altered or foreign one as not valid", () => {
    const token = createReviewTokens(secret).sign(id, "approve", createdAt);
    expect(createReviewTokens(secret, () => posted + TOKEN_LIFETIME_MS).check(token)).toMatchObject({ ok: false, problem: "expired" });
    const now = () => posted;
    const tokens = createReviewTokens(secret, now);
    expect(tokens.check(token.replace(".approve.", ".reject.")).ok).toBe(false);
    expect(tokens.check(token.replace(/\.(\d+)\./, (_m, exp: string) => `.${Number(exp) + 86_400}.`))).toEqual({ ok: false, problem: "forged" });
    expect(tokens.check(token.replace(id, "3f1c2b9a-6d2e-4c1a-9b7f-2a4e5d6c7b8b"))).toEqual({ ok: false, problem: "forged" });
    expect(createReviewTokens(Buffer.alloc(32, 8), now).check(token)).toEqual({ ok: false, problem: "forged" });
    for (const bad of ["", "x", `${token}x`, token.slice(0, -1), `${id}.delete.1.${"A".repeat(43)}`]) {
      expect(tokens.check(bad), bad).toEqual({ ok: false, problem: "malformed" });
    }
  });
});
