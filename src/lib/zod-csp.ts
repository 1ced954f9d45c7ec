import { config } from 'zod';

// Zod probes `Function('')` once to compile faster parsers. The pages' CSP has no 'unsafe-eval',
// so the browser blocks the probe and reports a CSP violation (Lighthouse: best practices).
// Without it zod parses the same, with its plain code. Zod decides when a schema is built, so each
// schema module imports this first.
config({ jitless: true });
