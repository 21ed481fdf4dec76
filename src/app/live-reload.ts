// `npm run dev` reloads open pages after each rebuild. Dev builds add a <script src> for
// this file (src/app/document.ts): a file, not an inline script, so the Content-Security-Policy
// is the same as in production (functions/http/security-headers.ts). scripts/dev.ts serves the
// file and sends the reload event.
const eventsPath = "/__dev/events";

export const liveReload = {
  scriptPath: "/__dev/reload.js",
  eventsPath,
  script: `new EventSource(${JSON.stringify(eventsPath)}).addEventListener("reload", () => location.reload());\n`,
} as const;
