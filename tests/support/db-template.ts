// Global setup of the database test projects: one migrated database made before the workers
// start, which each test file copies instead of making and migrating its own. Starting a fresh
// PGlite runs PostgreSQL's initdb (about 3–4 s a file); copying its folder and opening the copy
// takes well under a second. On PostgreSQL each file's database is `CREATE DATABASE … TEMPLATE`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '@/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite folder to copy (PGlite projects). */
    pgliteTemplate: string;
    /** A migrated database to create from (PostgreSQL projects). */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const env = project.config.env as Record<string, string>;
  // Both projects have the PGlite template: the embedded database's own tests use it on either.
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'site-template-')), 'db');
  const lite = await openDatabase({ pgliteDir: dir });
  await migrateDatabase(lite);
  await lite.close();
  project.provide('pgliteTemplate', dir);
  const dropLite = () => rmSync(path.dirname(dir), { recursive: true, force: true });
  if (env.TEST_DB === 'postgres') {
    const admin = env.TEST_PG_URL!;
    const name = `site_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(admin, `create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), pgliteDir: '' });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplate', name);
    return async () => {
      dropLite();
      await adminQuery(admin, `drop database if exists ${name} with (force)`);
    };
  }
  return dropLite;
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
