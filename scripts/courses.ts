// `npm run courses -- list | orders | paid <reference> | cancel <reference> | registrations [course] |
// release <registration>` (src/features/courses/server/courses-command.ts). Runs in the site's server
// while it runs (decision 031).
import { operatorCommand } from './lib/operator-command';

await operatorCommand('courses');
