import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * An operator command (`npm run <script> -- …`) beside the browser tests' server, which takes it
 * over its control socket; answers what it printed.
 */
export async function operator(script: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', '--tsconfig', 'tsconfig.scripts.json', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });
  return stdout;
}
