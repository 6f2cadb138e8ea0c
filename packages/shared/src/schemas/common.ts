import { z } from 'zod';

import { LOCALES } from '../constants.js';

export { LOCALES } from '../constants.js';
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

/** A text given in every supported language. */
export const LocalizedTextSchema = z.object({ en: z.string(), fr: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
