import { z } from 'zod';

import { PublicChallengeSchema } from '@drapeau/shared';

/**
 * docs/product.md#challenges: a challenge id is the slug of its English title: lowercased, each space turned into a hyphen, every
 * other non-alphanumeric character removed. Hyphens already in the title stay, so "PCAP Analysis - FTP Credentials" becomes
 * "pcap-analysis---ftp-credentials".
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

/** The file a download challenge hands out. It is generated per deployment from the flag (docs/architecture.md#flags). */
export const CatalogueAssetSchema = z.object({
  fileName: z.string().regex(/^[a-z0-9][a-z0-9._-]*\.[a-z0-9]+$/),
  contentType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+(; ?[a-z-]+=[a-z0-9-]+)?$/),
});
export type CatalogueAsset = z.infer<typeof CatalogueAssetSchema>;

/**
 * A built-in challenge as written in the catalogue. There is deliberately no flag: flags are derived per deployment
 * from the instance secret (docs/architecture.md#flags).
 */
export const CatalogueChallengeSchema = PublicChallengeSchema.pick({
  id: true,
  category: true,
  level: true,
  title: true,
  description: true,
  hint: true,
  solutionType: true,
})
  .extend({
    points: z.number().int().positive(),
    asset: CatalogueAssetSchema.nullable(),
    /** The in-page exercise's id; equal to the challenge id when the challenge has one. */
    lab: z.string().nullable(),
  })
  .superRefine((challenge, ctx) => {
    if (challenge.id !== slugify(challenge.title.en)) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: `id must be "${slugify(challenge.title.en)}"` });
    }
    if ((challenge.solutionType === 'download') !== (challenge.asset !== null)) {
      ctx.addIssue({ code: 'custom', path: ['asset'], message: 'a download challenge needs an asset, and only it' });
    }
    if (challenge.lab !== null && challenge.lab !== challenge.id) {
      ctx.addIssue({ code: 'custom', path: ['lab'], message: 'lab must equal the challenge id' });
    }
    if (challenge.lab !== null && challenge.asset !== null) {
      ctx.addIssue({ code: 'custom', path: ['lab'], message: 'a challenge has a lab or a download, not both' });
    }
  });
export type CatalogueChallenge = z.infer<typeof CatalogueChallengeSchema>;
