import type { RequestHandler } from "express";

// The security headers of every answer the site gives, defined once. They are sent by
// `npm start` and `npm run dev` (scripts/site-app.ts), by the contact function on its own
// (functions/contact/server.ts), and written into dist/_headers for static hosts
// (scripts/build-engine/site-files.ts). tests/security-headers.test.ts loads every kind of page under them.

/**
 * Only the site's own files: nothing inline runs (src/app/document.ts emits <script src>
 * and JSON data blocks, which do not run; the dev reload is a file, src/app/live-reload.ts)
 * and no inline style applies (styles are the build's CSS files; React sets style props
 * through the DOM, which CSP allows). No images or fonts come from elsewhere or from data: URLs;
 * images may be `blob:` URLs, which only the page's own script can make: the contact form shows
 * the photos a visitor picks from their own files (src/components/photo-picker.tsx).
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Sent on every answer, over HTTP and HTTPS. */
export const securityHeaders: Readonly<Record<string, string>> = {
  "Content-Security-Policy": contentSecurityPolicy,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Features the site never uses, turned off for it and anything it could embed.
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  // For browsers older than frame-ancestors.
  "X-Frame-Options": "DENY",
};

/**
 * Only on HTTPS answers: browsers ignore it over HTTP, and on a site that is still plain
 * HTTP it must not be promised. Static hosts serve HTTPS, so dist/_headers always has it.
 */
export const httpsOnlyHeaders: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
};

/**
 * Express middleware: the headers above on every answer, Strict-Transport-Security when
 * the request came over HTTPS (req.secure; behind a proxy that ends TLS, Express believes
 * X-Forwarded-Proto only when `trust proxy` names that proxy, see TRUST_PROXY in the README).
 */
export function sendSecurityHeaders(): RequestHandler {
  return (req, res, next) => {
    res.set(securityHeaders);
    if (req.secure) res.set(httpsOnlyHeaders);
    next();
  };
}
