import type { TFunction } from 'i18next';

/** `labs:<labId>.<code>` (the LabResponse contract), falling back to a generic line for a code this build does not know. */
export function translateLabCode(t: TFunction<'labs'>, labId: string, code: string, values: Record<string, string> = {}): string {
  return t(`${labId}.${code}`, { ...values, defaultValue: t('common.unexpected', { code }) });
}
