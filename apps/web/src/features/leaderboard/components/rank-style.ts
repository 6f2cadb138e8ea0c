import type { RankName } from '@drapeau/shared';

interface RankStyle {
  /** Avatar ring colour. */
  ring: string;
  /** Rank name colour. */
  text: string;
}

/** One colour per tier, climbing from cool to warm; admins are red, as in the navigation bar; teachers green. */
export const RANK_STYLES: Record<RankName, RankStyle> = {
  beginner: { ring: 'ring-slate-400', text: 'text-slate-300' },
  advanced: { ring: 'ring-sky-400', text: 'text-sky-300' },
  expert: { ring: 'ring-violet-400', text: 'text-violet-300' },
  elite: { ring: 'ring-amber-400', text: 'text-amber-300' },
  legend: { ring: 'ring-fuchsia-400', text: 'text-fuchsia-300' },
  admin: { ring: 'ring-destructive', text: 'text-red-400' },
  teacher: { ring: 'ring-emerald-400', text: 'text-emerald-300' },
};
