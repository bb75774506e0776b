import { z } from "zod/mini";

// Zod compiles fast paths with `new Function`, probing for eval first; the shop's CSP forbids eval
// (script-src 'self'), and the probe alone is reported as a CSP violation. Imported first by main.tsx,
// before any schema is built.
z.config({ jitless: true });
