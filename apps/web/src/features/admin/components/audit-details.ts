import type { AUDIT_ACTIONS } from '@drapeau/shared';

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** i18n keys are camelCase (docs/conventions.md#naming); the dotted action names would read as nested keys. */
export const AUDIT_ACTION_KEYS: Record<AuditAction, string> = {
  'announcement.create': 'announcementCreate',
  'announcement.delete': 'announcementDelete',
  'user.update': 'userUpdate',
  'user.role': 'userRole',
  'user.score': 'userScore',
  'user.delete': 'userDelete',
  'badge.award': 'badgeAward',
  'badge.remove': 'badgeRemove',
  'catalogue.seed': 'catalogueSeed',
  'challenge.create': 'challengeCreate',
  'challenge.update': 'challengeUpdate',
  'challenge.duplicate': 'challengeDuplicate',
  'challenge.delete': 'challengeDelete',
  'challenge.import': 'challengeImport',
  'attachment.upload': 'attachmentUpload',
  'attachment.replace': 'attachmentReplace',
  'attachment.remove': 'attachmentRemove',
  'category.create': 'categoryCreate',
  'category.update': 'categoryUpdate',
  'category.delete': 'categoryDelete',
  'settings.per-user-flags': 'settingsPerUserFlags',
  'user.ban': 'userBan',
  'user.unban': 'userUnban',
  'instance.backup': 'instanceBackup',
  'settings.update': 'settingsUpdate',
  'token.revoke': 'tokenRevoke',
  'user.two-factor-reset': 'userTwoFactorReset',
  'write-up.hide': 'writeUpHide',
  'write-up.unhide': 'writeUpUnhide',
  'team.create': 'teamCreate',
  'team.update': 'teamUpdate',
  'team.invite-code': 'teamInviteCode',
  'team.adjustment': 'teamAdjustment',
  'team.move-member': 'teamMoveMember',
  'team.remove-member': 'teamRemoveMember',
  'team.merge': 'teamMerge',
  'team.delete': 'teamDelete',
  'challenge-instance.stop': 'challengeInstanceStop',
  'challenge-instance.stop-all': 'challengeInstanceStopAll',
};

/** One line of an entry's details: an optional field name and a value, `from → to` for a change. */
export interface DetailLine {
  field: string | null;
  value: string;
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '∅';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * The details the server records (`{ username: { from, to } }`, `{ from, to, newBadges }`, `{ badgeId }`…) as lines to
 * show. Unknown shapes still show, as text, so that a new kind of entry is never hidden.
 */
export function describeDetails(details: Record<string, unknown>): DetailLine[] {
  const lines: DetailLine[] = [];
  const rest = { ...details };
  if (isChange(rest)) {
    lines.push({ field: null, value: `${show(rest.from)} → ${show(rest.to)}` });
    delete rest.from;
    delete rest.to;
  }
  for (const [field, value] of Object.entries(rest)) {
    if (Array.isArray(value) && value.length === 0) continue;
    lines.push({ field, value: isChange(value) ? `${show(value.from)} → ${show(value.to)}` : show(value) });
  }
  return lines;
}
