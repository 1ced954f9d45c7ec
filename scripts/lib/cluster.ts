// What a production deployment runs on several machines, started on this one: the machine's
// PostgreSQL and Redis, a local S3-compatible server for the CVs, an SMTP server that keeps every
// mail, two web nodes (WORKER=off), two queue workers, and nginx in front. `npm run cluster` and
// the cluster tests (tests/cluster) use it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { SmtpSink } from '#tests/smtp-sink';
import { nginxConf, nginxSite } from './nginx-site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

export interface ClusterOptions {
  /** The proxy listens here; the nodes, S3 and SMTP on the next ports. */
  basePort: number;
  databaseUrl: string;
  redisUrl: string;
  /** Logs, mails, the bucket and each process's DATA_DIR. */
  dir: string;
  webNodes?: number;
  workers?: number;
  /** Each process's output, line by line, also to this (the command prints it). */
  echo?: (name: string, line: string) => void;
  /** More environment for every process. */
  env?: Record<string, string>;
  /**
   * Tests only: nginx takes the client's address from this request header (its realip module), so
   * that each test is a visitor of its own for the rate limits. A deployment never sets it.
   */
  clientAddressHeader?: string;
}

/** A process of the cluster, which a test can kill and start again. */
class Member {
  child?: ChildProcess;
  private exited?: Promise<number | null>;
  private lines: string[] = [];

  constructor(
    readonly name: string,
    private readonly command: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: WriteStream,
    private readonly readyWhen: () => Promise<boolean>,
    private readonly echo?: (name: string, line: string) => void,
  ) {}

  async start(timeoutMs = 120_000): Promise<void> {
    const child = spawn(this.command[0]!, this.command.slice(1), { cwd: root, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let rest = '';
    const onData = (chunk: Buffer) => {
      this.log.write(chunk);
      const text = rest + chunk.toString();
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        this.lines.push(line);
        if (this.lines.length > 2000) this.lines.shift();
        this.echo?.(this.name, line);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited (${child.exitCode}) while starting:\n${this.tail()}`);
      if (await this.readyWhen().catch(() => false)) return;
      if (Date.now() > deadline) throw new Error(`${this.name} not ready after ${timeoutMs / 1000} s:\n${this.tail()}`);
      await sleep(250);
    }
  }

  /** Sends a signal and waits for the exit code (null when killed). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return this.child?.exitCode ?? null;
    this.child.kill(signal);
    return this.exited!;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The process's output so far. */
  output(): string[] {
    return [...this.lines];
  }

  private tail(): string {
    return this.lines.slice(-30).join('\n');
  }
}

export interface Cluster {
  /** The proxy: where visitors go. */
  url: string;
  web: Member[];
  workers: Member[];
  proxy: Member;
  /** Every mail sent, as received. */
  smtp: SmtpSink;
  /** Files and mails on disk, logs (`<member>.log`). */
  dir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.ok;
}

/** Creates the database if it is not there (the nodes migrate it). */
async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

// The browser sends a CV straight to the bucket, from the site's origin.
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { basePort, dir, echo } = options;
  const webCount = options.webNodes ?? 2;
  const workerCount = options.workers ?? 2;
  mkdirSync(dir, { recursive: true });
  const url = `http://localhost:${basePort}`;
  const webPorts = Array.from({ length: webCount }, (_, i) => basePort + 1 + i);
  const s3Port = basePort + 1 + webCount;
  const smtpPort = s3Port + 1;

  await ensureDatabase(options.databaseUrl);
  const mails = path.join(dir, 'mail');
  mkdirSync(mails, { recursive: true });
  const smtp = new SmtpSink(mails);
  await smtp.start(smtpPort);
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'cvs', configs: [CORS] }],
  });
  await s3.run();

  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    AUTH_SECRET: 'cluster-secret-0123456789abcdef0123456789',
    PUBLIC_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    MAIL_FROM: 'Acme Digital <hello@acme-digital.example>',
    SALES_EMAIL: 'sales@acme-digital.example',
    RECRUITING_EMAIL: 'recruiting@acme-digital.example',
    S3_BUCKET: 'cvs',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    TRUSTED_PROXY_HEADER: 'x-real-ip',
    DEMO_DATA: 'on',
    BANK_ACCOUNT_HOLDER: 'Example Training Ltd',
    BANK_IBAN: 'DE89 3704 0044 0532 0130 00',
    BANK_BIC: 'COBADEFFXXX',
    NEXT_TELEMETRY_DISABLED: '1',
    ...options.env,
  };
  const processEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, ...env, ...extra });

  // One build for every node, before any starts (the nodes would each build otherwise).
  const built = spawnSync(process.execPath, ['src/server/http/start.ts', '--build-only'], {
    cwd: root,
    env: processEnv({}),
    stdio: echo ? 'inherit' : 'pipe',
  });
  if (built.status !== 0) throw new Error(`build failed:\n${built.stdout?.toString() ?? ''}${built.stderr?.toString() ?? ''}`);

  const logFile = (name: string) => createWriteStream(path.join(dir, `${name}.log`), { flags: 'a' });
  const web = webPorts.map((port, i) => {
    const name = `web-${i + 1}`;
    const dataDir = path.join(dir, name);
    mkdirSync(dataDir, { recursive: true });
    return new Member(
      name,
      [process.execPath, 'src/server/http/start.ts'],
      processEnv({ PORT: String(port), WORKER: 'off', DATA_DIR: dataDir }),
      logFile(name),
      () => answers(`http://127.0.0.1:${port}/rest/ready`),
      echo,
    );
  });
  const workers = Array.from({ length: workerCount }, (_, i) => {
    const name = `worker-${i + 1}`;
    const dataDir = path.join(dir, name);
    mkdirSync(dataDir, { recursive: true });
    const member: Member = new Member(
      name,
      // One process (tsx as a loader, not its CLI, which would run the worker in a child of its own):
      // a SIGKILL reaches the worker itself.
      [process.execPath, '--import', 'tsx', 'scripts/worker.ts'],
      // Its 'worker ready' line (info) tells the cluster it has started.
      processEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'info', TSX_TSCONFIG_PATH: 'tsconfig.scripts.json' }),
      logFile(name),
      async () => member.output().some((l) => l.includes('"worker ready"')),
      echo,
    );
    return member;
  });
  const conf = path.join(dir, 'nginx.conf');
  // The proxy's caches start empty with each cluster: a page kept by an earlier run is not this build's.
  const cacheDir = path.join(dir, 'nginx-cache');
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(
    conf,
    nginxConf(
      dir,
      nginxSite({ listen: `127.0.0.1:${basePort}`, serverName: 'localhost', nodes: webPorts.map((p) => `127.0.0.1:${p}`), cacheDir }),
      options.clientAddressHeader,
    ),
  );
  const proxy = new Member(
    'proxy',
    [NGINX, '-p', dir, '-c', conf, '-e', path.join(dir, 'nginx-error.log')],
    process.env,
    logFile('proxy'),
    () => answers(`${url}/rest/health`),
    echo,
  );

  const members = [...web, ...workers, proxy];
  const stop = async () => {
    await Promise.all(members.map((m) => m.stop('SIGTERM')));
    await smtp.stop();
    await s3.close();
  };
  try {
    // The first node migrates and seeds the database alone; then the others start together.
    await web[0]!.start();
    await Promise.all([...web.slice(1), ...workers].map((m) => m.start()));
    await proxy.start(20_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, web, workers, proxy, smtp, dir, env, stop };
}

/** Whether this machine can run the cluster: nginx, PostgreSQL and Redis there. The reason if not. */
export async function clusterUnavailable(databaseUrl: string, redisUrl: string): Promise<string | undefined> {
  if (!existsSync(NGINX)) return `nginx is not installed (${NGINX}; .ci/run installs Debian's nginx-light)`;
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
  } catch {
    return `PostgreSQL does not answer at ${admin.host}`;
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `Redis does not answer at ${new URL(redisUrl).host}`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}
