import { type Config, ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';

import { CliError } from './cli-error.js';
import type { DatabaseAccess } from './database-access.js';

export { CliError } from './cli-error.js';
export interface CliContext {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  /** All of standard input, for secrets that must not appear in a command line (`--password-stdin`). */
  readStdin(): Promise<string>;
  config(): Config;
  withDatabase<T>(access: DatabaseAccess, run: (database: Database, config: Config) => Promise<T>): Promise<T>;
}

export function createCliContext(env: NodeJS.ProcessEnv = process.env): CliContext {
  const config = (): Config => {
    try {
      return loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError(`${error.message}\nRun \`npm run drapeau -- config check\`.`);
      throw error;
    }
  };
  return {
    env,
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    config,
    async withDatabase(access, run) {
      // Loaded when a command runs, so that `--help` loads no database driver.
      return (await import('./database-access.js')).withCliDatabase(config(), access, run);
    },
  };
}
