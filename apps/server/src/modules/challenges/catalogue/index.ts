import { APP_SCRIPT_CHALLENGES } from './app-script.js';
import { APP_SYSTEM_CHALLENGES } from './app-system.js';
import type { CatalogueChallenge } from './catalogue.schema.js';
import { FORENSICS_CHALLENGES } from './forensics.js';
import { NETWORKING_CHALLENGES } from './networking.js';
import { WEB_CLIENT_CHALLENGES } from './web-client.js';
import { WEB_SERVER_CHALLENGES } from './web-server.js';

export { CatalogueChallengeSchema, slugify } from './catalogue.schema.js';
export type { CatalogueAsset, CatalogueChallenge } from './catalogue.schema.js';

/**
 * The built-in challenges (docs/product.md#built-in-catalogue), in category order. No flags: each
 * deployment derives its own from the instance secret.
 */
export const CATALOGUE: readonly CatalogueChallenge[] = [
  ...WEB_CLIENT_CHALLENGES,
  ...WEB_SERVER_CHALLENGES,
  ...NETWORKING_CHALLENGES,
  ...APP_SCRIPT_CHALLENGES,
  ...APP_SYSTEM_CHALLENGES,
  ...FORENSICS_CHALLENGES,
];
