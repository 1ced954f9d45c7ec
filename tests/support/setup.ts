import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Each test file gets its own data folder (generated secrets, mail files, uploads).
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'site-test-'));
