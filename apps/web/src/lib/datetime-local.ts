/** An ISO instant as the value of an `<input type="datetime-local">` in this browser's time zone ("2026-03-01T09:00"), or '' for none. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The value of a `datetime-local` input (this browser's time zone) as an ISO instant, or null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
