import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Database } from '../src/db/client.js';
import { slugify } from '../src/modules/challenges/model/challenge-rules.js';
import { PACK_DIR } from '../src/modules/challenges/import-export/catalogue-transfer.service.js';
import { createCategoriesRepository } from '../src/modules/challenges/catalogue/categories.repository.js';
import { parseChallengeYaml } from '../src/modules/challenges/import-export/ctfcli-format.js';

export interface PackChallenge {
  id: string;
  category: string;
  /** The in-page lab's handler, if the challenge has one. */
  lab: string | null;
  /** Derived per deployment (`deriveFlag(instanceSecret, id)`), as most of the pack's flags are. */
  derivedFlag: boolean;
  requirements: string[];
}

/**
 * The built-in pack's challenges (docs/challenge-authoring.md), read from its `challenge.yml` files with the importer's
 * own parser, in the pack's order: what a fresh deployment seeds. Tests take their challenges from here rather than
 * repeat ids or a count, so that adding a challenge to the pack needs no edit elsewhere.
 */
export const PACK_CHALLENGES: readonly PackChallenge[] = readdirSync(PACK_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => path.basename(file) === 'challenge.yml')
  .map((file) => {
    const parsed = parseChallengeYaml(readFileSync(path.join(PACK_DIR, file), 'utf8'), file);
    if (!parsed.challenge) throw new Error(`${file}: ${parsed.problems.map((p) => p.message).join('; ')}`);
    const { yaml, flags, requirements } = parsed.challenge;
    return {
      id: yaml.drapeau?.id ?? slugify(yaml.name),
      category: yaml.category,
      lab: yaml.drapeau?.lab ?? null,
      derivedFlag: flags.some((flag) => flag.kind === 'derived'),
      requirements,
      position: yaml.drapeau?.position ?? Number.MAX_SAFE_INTEGER,
    };
  })
  .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))
  .map(({ position: _position, ...challenge }) => challenge);

export const PACK_CHALLENGE_COUNT = PACK_CHALLENGES.length;

/** Challenges a test can solve with `deriveFlag(instanceSecret, id)` on a fresh deployment: derived flag, no prerequisite. */
export const SOLVABLE_PACK_CHALLENGES = PACK_CHALLENGES.filter((c) => c.derivedFlag && c.requirements.length === 0);

/**
 * A new deployment starts with per-player flags for the pack (docs/challenge-authoring.md#per-player-flags); the test
 * databases and servers keep the deployment-wide ones, which tests submit as `deriveFlag(instanceSecret, id)`. Call it
 * on a migrated database before the server's first start: that start then leaves the value as it is.
 */
export async function keepDeploymentWideFlags(database: Database): Promise<void> {
  await createCategoriesRepository(database.db).setPackPerUser(false);
}
