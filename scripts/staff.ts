// `npm run staff -- list | invite EMAIL --role ROLE [--locale en|es] | role EMAIL ROLE | disable EMAIL |
// enable EMAIL | reset-2fa EMAIL | revoke EMAIL|ID` (src/server/office/staff-command.ts). Runs in the site's server
// while it runs (decision 031).
import { operatorCommand } from './lib/operator-command';

await operatorCommand('staff');
