/**
 * Runs once per Vitest run: migrates one template database, which every
 * API test file then copies (PGlite: a data-dir dump; PostgreSQL: CREATE
 * DATABASE ... TEMPLATE). Migrating per file would cost seconds each.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: { adminUrl: string; name: string } | null;
  }
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const onPostgres = project.name === 'api-postgres';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dl-test-'));
  const dumpFile = path.join(dir, 'template.tar');
  if (!onPostgres) {
    const pglite = await openPglite(null);
    await pglite.migrate();
    await writeFile(dumpFile, Buffer.from(await (await pglite.dump()).arrayBuffer()));
    await pglite.close();
  }
  project.provide('pgliteTemplate', dumpFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: { adminUrl: string; name: string } | null = null;
  if (onPostgres && adminUrl) {
    const name = `dl_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const database = openPostgres(databaseUrl(adminUrl, name));
    await database.migrate();
    await database.close();
    template = { adminUrl, name };
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (template) {
      const admin = new pg.Client({ connectionString: template.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${template.name} with (force)`);
      await admin.end();
    }
  };
}
