import { randomBytes } from 'node:crypto';

import type { SecretsRepository } from './secrets.repository.js';

export interface InstanceSecrets {
  /** Derives this deployment's flags (docs/architecture.md#flags). */
  instanceSecret: string;
  /** Signs session cookies. */
  sessionSecret: string;
}

/**
 * The environment wins; otherwise each secret is generated once and kept in the database (under DATA_DIR with PGlite),
 * so that every instance of a scaled-out deployment shares it (docs/decisions/006-secrets.md).
 */
export async function loadInstanceSecrets(
  repository: SecretsRepository,
  fromEnv: { instanceSecret: string | undefined; sessionSecret: string | undefined },
): Promise<InstanceSecrets> {
  const generate = () => randomBytes(32).toString('base64url');
  return {
    instanceSecret: fromEnv.instanceSecret ?? (await repository.insertOrGetSetting('instance_secret', generate())),
    sessionSecret: fromEnv.sessionSecret ?? (await repository.insertOrGetSetting('session_secret', generate())),
  };
}
