// `npm run positions -- list | add <role.json> | close <id>`: the consultancy's open roles on /careers
// (src/features/applications/server/positions-command.ts). Runs in the site's server while it runs
// (decision 031).
import { operatorCommand } from './lib/operator-command';

await operatorCommand('positions');
