// `npm run jobs:import -- <file.json|file.csv>`: loads jobs into the board (docs/jobs-import.md,
// src/features/jobs/server/import-command.ts). Runs in the site's server while it runs (decision 031).
import { operatorCommand } from './lib/operator-command';

await operatorCommand('jobs:import');
