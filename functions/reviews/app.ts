import express, { type Response } from "express";
import { reviewErrors, reviewFields, reviewInputSchema, type ReviewErrors } from "../../src/content/review";
import { renderProblemPage, type PageContact, type PageFrame } from "../contact/form-pages";
import { createFormPostHandler, DEFAULT_RATE_LIMIT, RATE_WINDOW_MS } from "../contact/form-post";
import { consoleLogger, type Logger } from "../logger";
import type { Store } from "../store/store";
import type { Decision, StoredReview } from "../store/records";
import { finalErrorHandler, rejectMalformedUrl } from "../http/final-error-handler";
import { formBody, refuseUnreadableBodies } from "../http/request-body";
import { sendSecurityHeaders } from "../http/security-headers";
import type { TrustProxy } from "../http/trust-proxy";
import {
  renderConfirmPage,
  renderDecidedPage,
  renderInvalidReviewPage,
  renderLinkProblemPage,
  type RenderInvalidReviewForm,
  type ReviewFormValues,
} from "./review-pages";
import type { ReviewTokens, TokenCheck } from "./review-tokens";
import { apiPath, pathTo } from "../../src/routes";


export interface ReviewsAppOptions {
  /**
   * Reviews are stored with their mail job (`reviews.add`), held spam apart; a link's decision
   * goes through `reviews.decide` like any other, and the store tells `npm start` to publish.
   */
  store: { reviews: Pick<Store["reviews"], "add" | "hold" | "decide" | "get" | "linkUse">; limits: Pick<Store["limits"], "take"> };
  /** The link signer; rejects while its key cannot be had (the store cannot be written): those requests get 503. */
  tokens: () => Promise<ReviewTokens>;
  /** Who a link's decision is recorded as made by: the address the review emails go to now. */
  linkDecider: () => Promise<string>;
  clock?: () => number;
  rateLimit?: { limit: number; windowMs: number };
  /** The site's page for an invalid no-JavaScript review; without it, or when it gives none: a plain page. */
  renderInvalidForm?: (...args: Parameters<RenderInvalidReviewForm>) => string | undefined;
  contact?: PageContact;
  /** The site's frame for the other pages (problems, the owner's links); default: a plain page. */
  frame?: PageFrame;
  trustProxy?: TrustProxy;
  logger?: Logger;
}

const moderateParser = formBody(2048, 5);

/** POST /api/reviews, and the owner's links: GET /api/reviews/moderate (confirm page), POST (the decision). */
export function createReviewsApp(options: ReviewsAppOptions): express.Express {
  const { store, tokens, linkDecider, clock = Date.now, contact, frame, logger = consoleLogger } = options;
  const renderInvalid = (values: ReviewFormValues, errors: ReviewErrors): string => {
    try {
      return options.renderInvalidForm?.(values, errors) ?? renderInvalidReviewPage(values, errors, contact);
    } catch (error) {
      logger.error("reviews: renderInvalidForm failed, using the plain page", error);
      return renderInvalidReviewPage(values, errors, contact);
    }
  };

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  app.use(sendSecurityHeaders());
  app.use(rejectMalformedUrl);
  // Before any body is read: none is inflated, each has a declared length (functions/http/request-body.ts).
  app.use(refuseUnreadableBodies);

  app.post(
    apiPath.reviews,
    createFormPostHandler({
      schema: reviewInputSchema,
      fields: reviewFields,
      messages: reviewErrors,
      store: store.reviews,
      limits: store.limits,
      rate: { bucket: "reviews", rule: { limit: options.rateLimit?.limit ?? DEFAULT_RATE_LIMIT, windowMs: options.rateLimit?.windowMs ?? RATE_WINDOW_MS } },
      clock,
      logger,
      renderInvalid,
      renderProblem: (title, message) => renderProblemPage(title, message, contact, frame),
      successPath: `${pathTo.reviewThanks}/`,
      words: {
        notSent: "Review not sent",
        notSaved: "Review not saved",
        tooMany: { title: "Too many reviews", message: "Too many posts from your connection. Please try again later." },
        unavailable: "We cannot take reviews right now. Please try again later.",
        failed: "We could not save your review. Please try again in a moment.",
        log: "reviews",
      },
    }),
  );
  app.all(apiPath.reviews, (_req, res) => {
    res.set("Allow", "POST").status(405).json({ ok: false, message: "Use POST" });
  });

  /** The token, the review it names, and whether it may still be used; or the page that says why not. */
  async function resolve(token: unknown): Promise<{ check: Extract<TokenCheck, { ok: true }>; review: StoredReview } | { status: number; title: string; message: string }> {
    const check = typeof token === "string" ? (await tokens()).check(token) : { ok: false as const, problem: "malformed" as const };
    if (!check.ok) {
      if (check.problem === "expired") return { status: 410, title: "This link has expired", message: "Review links work for 30 days after the review was sent." };
      return { status: 400, title: "This link is not valid", message: "The link is incomplete or was changed. Open it again from the email, whole." };
    }
    const used = await store.reviews.linkUse(check.signature);
    if (used) return linkUsed(used);
    const review = await store.reviews.get(check.id);
    if (!review) return gone;
    return { check, review };
  }

  const gone = { status: 410, title: "This review no longer exists", message: "It is not among the reviews any more." };
  function linkUsed(used: Decision): { status: number; title: string; message: string } {
    const what = used.approved ? "approved" : "rejected";
    return { status: 410, title: "This link was already used", message: `The review was ${what} with it on ${new Date(used.at).toUTCString()}. Each link works once.` };
  }

  function answer(res: Response, status: number, html: string): void {
    // The token is in the address: never cached, never sent on as a Referer, never indexed.
    res.set({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" });
    res.status(status).type("html").send(html);
  }

  function unavailable(res: Response, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    logger.error(`reviews: a review link could not be served (${reason})`);
    res.set("Retry-After", "60");
    answer(res, 503, renderLinkProblemPage("Please try again later", "Reviews cannot be changed right now.", frame));
  }

  // Opening the link (a person or a mail scanner): shows what the button would do, changes nothing.
  app.get(apiPath.moderateReview, async (req, res) => {
    try {
      const token = req.query.token;
      const found = await resolve(token);
      if ("status" in found || typeof token !== "string") {
        const problem = "status" in found ? found : { status: 400, title: "This link is not valid", message: "The link is incomplete." };
        return answer(res, problem.status, renderLinkProblemPage(problem.title, problem.message, frame));
      }
      answer(res, 200, renderConfirmPage(found.review, found.check.action, token, frame));
    } catch (error) {
      unavailable(res, error);
    }
  });

  // The store decides once per link (two presses of the button, or two instances): the second is told it was used.
  app.post(apiPath.moderateReview, moderateParser, async (req, res) => {
    const token: unknown = typeof req.body === "object" && req.body !== null && "token" in req.body ? req.body.token : undefined;
    try {
      const found = await resolve(token);
      if ("status" in found) return answer(res, found.status, renderLinkProblemPage(found.title, found.message, frame));
      const { check, review } = found;
      const decided = await store.reviews.decide({ id: review.id, approved: check.action === "approve", via: "link", by: await linkDecider(), token: check.signature });
      if (!decided.ok) {
        const problem = decided.problem === "link-used" ? linkUsed(decided.decision) : gone;
        return answer(res, problem.status, renderLinkProblemPage(problem.title, problem.message, frame));
      }
      answer(res, 200, renderDecidedPage(review, check.action, frame));
    } catch (error) {
      unavailable(res, error);
    }
  });
  app.all(apiPath.moderateReview, (_req, res) => {
    res.set("Allow", "GET, POST").status(405).json({ ok: false, message: "Use GET or POST" });
  });
  app.use(finalErrorHandler({ logger }));
  return app;
}
