// `npm run dev` reloads open pages after each rebuild and shows content errors over them.
// Dev builds add a <script src> for this file (src/app/document.ts): a file, not an inline
// script, so the Content-Security-Policy is the same as in production
// (security-headers.ts of the functions' http layer). The script is scripts/dev-client/dev-client.ts;
// scripts/dev-client/dev-channel.ts serves it and sends the events.
export const liveReload = {
  scriptPath: "/__dev/reload.js",
  eventsPath: "/__dev/events",
} as const;
