// `npm run leads -- list | export --since <date> | cv <id> [folder] | delete <id> | spam | not-spam <id>`
// (src/features/forms/server/leads-command.ts). Runs in the site's server while it runs (decision 031).
import { operatorCommand } from './lib/operator-command';

await operatorCommand('leads');
