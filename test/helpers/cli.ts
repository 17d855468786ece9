import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../core/db';
import { createTestDatabase, TEST_DATABASE_URL } from './db';

/**
 * The operator CLI against DATABASE_URL (CI) or a fresh DATA_DIR (embedded), as an operator runs it.
 * Call `setUp` in beforeAll and `tearDown` in afterAll.
 */
export function operatorCli(extraEnv: Record<string, string> = {}) {
  let env: Record<string, string>;
  let dataDir: string | undefined;
  let pgDatabase: (Database & { url?: string }) | undefined;
  const command = (args: string[]) => [process.execPath, 'app/cli.ts', ...args];
  const options = () => ({ env: { ...process.env, ...env, ...extraEnv, REDIS_URL: '', LOG_LEVEL: 'silent' }, cwd: join(import.meta.dir, '../..') });
  return {
    async setUp() {
      if (TEST_DATABASE_URL) {
        pgDatabase = await createTestDatabase();
        env = { DATABASE_URL: pgDatabase.url! };
      } else {
        dataDir = mkdtempSync(join(tmpdir(), 'linkhop-cli-'));
        env = { DATA_DIR: dataDir };
      }
    },
    async tearDown() {
      await pgDatabase?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    run(...args: string[]) {
      const proc = Bun.spawnSync(command(args), options());
      return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() };
    },
    /** `run` without blocking this process (for a CLI that calls back into servers the test runs) */
    async runAsync(...args: string[]) {
      const proc = Bun.spawn(command(args), { ...options(), stdout: 'pipe', stderr: 'pipe' });
      const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      return { code, out, err };
    },
    /** The CLI's database, opened once the CLI exited (PGlite allows one process at a time on a DATA_DIR); the caller closes it. */
    openDatabase: () => openDatabase(pgDatabase ? { url: pgDatabase.url, migrate: false } : { dataDir: dataDir!, migrate: false }),
  };
}
