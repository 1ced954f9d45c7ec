// `npm run postings -- list [state] | notices [--at <date>]`: jobs posted by employers, and the
// mails before their listing ends (src/features/postings/server/postings-command.ts). Runs in the
// site's server while it runs (decision 031).
import { operatorCommand } from './lib/operator-command';

await operatorCommand('postings');
