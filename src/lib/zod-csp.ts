import { config } from 'zod';

// Zod probes `Function('')` once to compile faster parsers. The pages' CSP has no 'unsafe-eval',
// so the browser blocks the probe and reports a CSP violation (Lighthouse: best practices); zod
// then parses with its plain code anyway. Telling it so up front skips the probe. Only in the
// browser: the server keeps its compiled parsers. Zod decides when a schema is built, so each
// schema module imports this first.
if (typeof window !== 'undefined') config({ jitless: true });
