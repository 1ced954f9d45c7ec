// `npm run alerts -- list | send --now`: job alert subscriptions, and the digests due now
// (src/features/alerts/server/alerts-command.ts). Runs in the site's server while it runs (decision 031).
import { operatorCommand } from './lib/operator-command';

await operatorCommand('alerts');
