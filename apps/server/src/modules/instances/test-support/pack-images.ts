import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { builtImageTag, toTar } from '../build-context.js';
import { createEngineApi, createEngineStream } from '../engine-api.js';
import { createImageBuilder } from '../image-builder.js';

const PACK_DIR = path.join(import.meta.dirname, '../../challenges/pack');

/**
 * The built-in pack's services (docs/operations.md "The built-in pack's services") as the server builds them when it
 * loads the pack: each `service/` folder as the import's build context (its files by their path in the folder), and the
 * tag builtImageTag gives it. instances.routes.test.ts checks that the server records these very tags.
 */
export function packServiceContexts(): { challengeId: string; tag: string; tar: Buffer }[] {
  const contexts = [];
  for (const category of readdirSync(PACK_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()))
    for (const challengeId of readdirSync(path.join(PACK_DIR, category.name))) {
      const folder = path.join(PACK_DIR, category.name, challengeId, 'service');
      let names: string[];
      try {
        names = readdirSync(folder, { recursive: true, encoding: 'utf8' });
      } catch {
        continue;
      }
      const files = new Map(
        names
          .map((name) => name.split(path.sep).join('/'))
          .filter((name) => statSync(path.join(folder, name)).isFile())
          .map((name) => [name, readFileSync(path.join(folder, name))] as const),
      );
      const tar = toTar(files);
      contexts.push({ challengeId, tag: builtImageTag(challengeId, tar), tar });
    }
  return contexts;
}

/**
 * Builds the pack's services on the engine behind `socketPath` with the server's own image builder (an image already
 * there is not built again), for the suites and the bench that start them through the provider. Returns each image's
 * tag by challenge; throws with the engine's log if one cannot be built.
 */
export async function buildPackImages(socketPath: string): Promise<Map<string, string>> {
  const images = createImageBuilder({ api: createEngineApi({ socketPath }), stream: createEngineStream({ socketPath }) });
  const tags = new Map<string, string>();
  for (const { challengeId, tag, tar } of packServiceContexts()) {
    const outcome = await images.build(tag, tar);
    if (!outcome.ok) throw new Error(`the pack's ${challengeId} service could not be built:\n${outcome.log}`);
    tags.set(challengeId, tag);
  }
  return tags;
}
