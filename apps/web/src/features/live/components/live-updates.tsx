import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Droplet } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicChallenge, SolveEvent } from '@drapeau/shared';

import { toast } from '@/components/ui/use-toast';
import { challengeKeys } from '@/lib/query-keys';
import { pickText, useLocale } from '@/lib/use-locale';

import { serverTimeOfPageStart } from '../api/server-clock';

import { useLiveEvents } from './use-live-events';
import { ALL_LIVE_KEYS, keysToRefresh } from './refresh-plan';

/** Events that arrive together (a solve sends `solve` then `leaderboard`) cause one refetch per query, not several. */
const REFRESH_BATCH_MS = 250;

interface LiveUpdatesProps {
  /** The signed-in user's id; the stream is closed when undefined (signed out). */
  userId: string | undefined;
}

/**
 * Real-time updates (docs/product.md#live-updates): listens to the server's events while signed in and refreshes what they make
 * stale — the leaderboard, the challenges' solve counts, profiles and the session user (nav score). Announces first bloods by
 * other players and new announcements with a toast. Renders nothing.
 */
export function LiveUpdates({ userId }: LiveUpdatesProps) {
  const { t } = useTranslation(['live', 'announcements']);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const pending = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const keys = pending.current;
    return () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      keys.clear();
    };
  }, []);

  function refresh(keys: QueryKey[]): void {
    for (const key of keys) pending.current.set(JSON.stringify(key), key);
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const batch = [...pending.current.values()];
      pending.current.clear();
      for (const queryKey of batch) void queryClient.invalidateQueries({ queryKey });
    }, REFRESH_BATCH_MS);
  }

  function announceFirstBlood(solve: SolveEvent): void {
    const list = queryClient.getQueryData<{ challenges: PublicChallenge[] }>(challengeKeys.list());
    const challenge = list?.challenges.find((candidate) => candidate.id === solve.challengeId);
    toast({
      title: (
        <span className="inline-flex items-center gap-2">
          <Droplet aria-hidden="true" className="size-4 shrink-0 text-primary" />
          {t(solve.teamName === undefined ? 'firstBlood' : 'firstBloodTeam', {
            user: solve.username,
            team: solve.teamName,
            challenge: challenge ? pickText(challenge.title, locale) : solve.challengeId,
          })}
        </span>
      ),
    });
  }

  useLiveEvents({
    enabled: userId !== undefined,
    onEvent: (event) => {
      refresh(keysToRefresh(event, userId));
      if (event.type === 'solve' && event.data.firstBlood && event.data.userId !== userId) announceFirstBlood(event.data);
      if (event.type === 'announcement' && event.data.action === 'created' && event.data.authorId !== userId) {
        toast({ title: t('announcements:toast', { title: pickText(event.data.title, locale) }) });
      }
    },
    // Events since the page's first reads come first; when the server no longer has them all, anything may have changed.
    since: serverTimeOfPageStart,
    onMissed: () => refresh(ALL_LIVE_KEYS),
  });

  return null;
}
