import { afterEach, describe, expect, it } from 'vitest';

import { buildTestApp } from '../../test/build-test-app.js';

import { formatBanner } from './banner.js';
import { createLoggerOptions } from './logger.js';

describe('start-up output', () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  afterEach(() => {
    process.off('warning', onWarning);
  });

  it('builds the app without a Fastify deprecation warning (FSTDEP023)', async () => {
    process.on('warning', onWarning);
    const t = await buildTestApp();
    await t.close();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => `${(w as { code?: string }).code ?? ''} ${w.message}`)).toEqual([]);
  });

  it('logs JSON lines, unless stdout is a terminal: then readable lines through pino-pretty', () => {
    expect(createLoggerOptions('info')).not.toHaveProperty('transport');
    expect(createLoggerOptions('info', { pretty: false })).not.toHaveProperty('transport');
    expect(createLoggerOptions('info', { pretty: true }).transport).toMatchObject({ target: 'pino-pretty' });
    expect(createLoggerOptions('info', { pretty: true }).redact).toEqual(createLoggerOptions('info').redact);
  });

  it('prints a short banner: the address, the database, the data folder and where the admin account comes from', () => {
    const embedded = formatBanner({ url: 'http://localhost:3000', database: 'pglite', dataDir: './data' });
    expect(embedded).toContain('Drapeau is ready: http://localhost:3000');
    expect(embedded).toMatch(/Database: +embedded PGlite/);
    expect(embedded).toMatch(/Data: +\.\/data/);
    expect(embedded).toMatch(/Admin: +the account created at first start/);
    const firstStart = formatBanner({
      url: 'http://localhost:3000',
      database: 'pglite',
      dataDir: './data',
      createdAdmin: { email: 'admin@drapeau.local', password: 'generated-once' },
    });
    expect(firstStart).toMatch(/Admin: +admin@drapeau\.local, password generated-once/);
    expect(firstStart.split('\n').length).toBeLessThan(10);
    const configured = formatBanner({
      url: 'https://ctf.example.org',
      database: 'postgres',
      dataDir: '/srv',
      adminEmail: 'root@example.org',
    });
    expect(configured).toMatch(/Database: +PostgreSQL/);
    expect(configured).toContain('root@example.org (from ADMIN_EMAIL)');
    expect(configured.split('\n').length).toBeLessThan(8);
  });
});
