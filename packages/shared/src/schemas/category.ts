import { z } from 'zod';

import { CATEGORIES, CATEGORY_KEY_MAX, CATEGORY_KEY_PATTERN } from '../constants.js';

import { LocalizedTextSchema } from './common.js';

export { CATEGORIES } from '../constants.js';
export const BuiltInCategorySchema = z.enum(CATEGORIES);
export type BuiltInCategory = z.infer<typeof BuiltInCategorySchema>;

/** A category's stable key (CATEGORY_KEY_PATTERN). */
export const CategoryKeySchema = z.string().min(1).max(CATEGORY_KEY_MAX).regex(CATEGORY_KEY_PATTERN);
export type CategoryKey = z.infer<typeof CategoryKeySchema>;

/** Icons a category may show: names of lucide-react icons, which the web app maps to components. */
export const CATEGORY_ICONS = [
  'globe',
  'server',
  'network',
  'binary',
  'cpu',
  'file-search',
  'lock',
  'key',
  'bug',
  'code',
  'database',
  'shield',
  'flag',
  'puzzle',
  'terminal',
  'search',
  'image',
  'wifi',
  'smartphone',
  'brain',
] as const;
export const CategoryIconSchema = z.enum(CATEGORY_ICONS);
export type CategoryIcon = z.infer<typeof CategoryIconSchema>;

/** A category as everyone sees it (GET /api/categories). `name.fr` falls back to `name.en` when no French is given. */
export const PublicCategorySchema = z.object({
  key: CategoryKeySchema,
  name: LocalizedTextSchema,
  icon: CategoryIconSchema,
  position: z.number().int(),
  isBuiltIn: z.boolean(),
});
export type PublicCategory = z.infer<typeof PublicCategorySchema>;
export const CategoryListSchema = z.object({ categories: z.array(PublicCategorySchema) });
export type CategoryList = z.infer<typeof CategoryListSchema>;

/** An admin's view: the French name as written ('' = not translated) and how many challenges use it. */
export const AdminCategorySchema = PublicCategorySchema.extend({ challengeCount: z.number().int() });
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
export const AdminCategoryListSchema = z.object({ categories: z.array(AdminCategorySchema) });
export type AdminCategoryList = z.infer<typeof AdminCategoryListSchema>;

/** POST /api/admin/categories (create) and PUT /api/admin/categories/:key (edit; the key in the body is ignored on edit). */
export const AdminCategoryBodySchema = z
  .object({
    key: CategoryKeySchema,
    name: z.object({ en: z.string().trim().min(1).max(60), fr: z.string().trim().max(60) }),
    icon: CategoryIconSchema,
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type AdminCategoryBody = z.infer<typeof AdminCategoryBodySchema>;
export const CategoryParamsSchema = z.object({ key: CategoryKeySchema });
