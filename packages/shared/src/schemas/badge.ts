import { z } from 'zod';

import { BuiltInCategorySchema } from './category.js';
import { LocalizedTextSchema } from './common.js';

const BadgeCriteriaSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('solveCount'), value: z.number().int().positive() }),
  z.object({ type: z.literal('score'), value: z.number().int().positive() }),
  z.object({ type: z.literal('category'), value: BuiltInCategorySchema, count: z.number().int().positive() }),
]);
export type BadgeCriteria = z.infer<typeof BadgeCriteriaSchema>;

export const BadgeSchema = z.object({
  badgeId: z.string().regex(/^[a-z0-9-]+$/),
  title: LocalizedTextSchema,
  description: LocalizedTextSchema,
  /** The badge's icon, as an emoji; the web app draws a matching SVG icon (emoji fonts are not everywhere). */
  icon: z.string(),
  criteria: BadgeCriteriaSchema,
});
export type Badge = z.infer<typeof BadgeSchema>;

export const BadgeListSchema = z.object({ badges: z.array(BadgeSchema) });
export type BadgeList = z.infer<typeof BadgeListSchema>;
