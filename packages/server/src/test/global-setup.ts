import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase, pgliteExtensions } from '../db/client.ts';
import { createPostgresDatabase } from './postgres-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated database each test database is created from (`create database … template`). */
    templateDatabase: string | null;
    /** PGlite: a dump (tar) of a migrated in-memory database, loaded by each test database. */
    templateDump: string | null;
  }
}

/**
 * Once per run of a server project (see decision 032): migrates one template database that every
 * test database starts as a copy of, instead of each test file creating and migrating its own.
 * The returned teardown removes the template, whether the tests passed or not.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = (project.config.env as Record<string, string | undefined>).TEST_DATABASE_URL;
  project.provide('templateDatabase', null);
  project.provide('templateDump', null);
  return serverUrl ? postgresTemplate(project, serverUrl) : pgliteTemplate(project);
}

async function postgresTemplate(project: TestProject, serverUrl: string) {
  const template = await createPostgresDatabase(serverUrl, { prefix: 'test_template' });
  try {
    const database = await openDatabase({ url: template.url, dataDir: 'memory://' });
    await database.close();
    // CREATE DATABASE … TEMPLATE fails while anyone is connected to the template: wait for the
    // migration's sessions to end, then refuse any new one for the rest of the run.
    await template.disconnected();
    await template.admin(`alter database ${template.name} allow_connections false`);
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide('templateDatabase', template.name);
  return () => template.drop();
}

async function pgliteTemplate(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'osc-test-template-'));
  const client = new PGlite({ extensions: pgliteExtensions });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    // Uncompressed: gunzip would cost each test file more than reading the bigger file does.
    const dump = await client.dumpDataDir('none');
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('templateDump', file);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await client.close();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}
