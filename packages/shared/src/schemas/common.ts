import { z } from 'zod';

import { LOCALES, SEARCH_MAX_LENGTH } from '../constants.js';

export { LOCALES } from '../constants.js';
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

/** A text given in every supported language. */
export const LocalizedTextSchema = z.object({ en: z.string(), fr: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

/** A list's search text, trimmed; matched on the server. */
export const SearchTextSchema = z.string().trim().max(SEARCH_MAX_LENGTH);
/** `?page=` of a paged list, 1-based. */
export const PageNumberSchema = z.coerce.number().int().min(1).max(100_000).default(1);
/** What every page of a list carries beside its items (`{ <items>, ...PageInfoSchema.shape }`). */
export const PageInfoSchema = z.object({
  /** Items matching the query, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
