import type { Locale } from '@drapeau/shared';

import { formatNumber, numberFormat } from './format-number';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size in the reader's language: "1.5 MB", "1,5 Mo" with a no-break space before the unit. */
export function formatBytes(bytes: number, locale: Locale): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // Intl's short "byte" reads "512 byte" in English; "B" / "o" is what people write.
  if (unit === 0) return `${formatNumber(value, locale)}\u00a0${locale === 'fr' ? 'o' : 'B'}`;
  return numberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: 1 })
    .format(value)
    .replace(/\s(?=\D+$)/u, '\u00a0');
}
