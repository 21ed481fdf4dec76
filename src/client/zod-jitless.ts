// Zod compiles object parsers with `new Function` unless told not to. The CSP
// (security-headers.ts of the functions' http layer) allows no eval, and even Zod's probe for it is
// reported as a violation, so the browser build turns the compiler off before any schema
// is made. src/entry-client.tsx imports this first; the servers keep Zod's default.
import { config } from "zod/v4/core";

config({ jitless: true });
