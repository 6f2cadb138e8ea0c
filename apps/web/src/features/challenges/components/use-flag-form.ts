import { useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { SubmitFlagResult } from '@drapeau/shared';

import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { badgesQueryOptions } from '@/lib/badges-query';
import { formatList } from '@/lib/format-list';
import { pickText, useLocale } from '@/lib/use-locale';

import { challengeQueryOptions } from '../api/get-challenge';
import { useSubmitFlag } from '../api/submit-flag';

import { explanationPath } from './explanation-path';
import { describeSubmitError, describeSubmitResult } from './submit-feedback';

/** docs/product.md#constants: time between a correct flag and the return to the list. */
export const REDIRECT_AFTER_SOLVE_MS = 2000;
/** docs/product.md#constants: a solve's toast, which leads to the explanation, stays on the list that long. */
const SOLVE_TOAST_MS = 10_000;

/**
 * The flag form's behaviour: sends the flag through `useSubmitFlag` (the API mutation), toasts the outcome and, after a
 * solve, returns to /challenges. A solve's toast names the badges it earned and, when the challenge has an explanation,
 * leads to it in one click (which also stays on the page). `submit` resolves to true on a solve.
 */
export function useFlagForm(challengeId: string) {
  const { t } = useTranslation(['challenge', 'common', 'errors']);
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useSubmitFlag(challengeId);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Leaving the page before the delay is over cancels the redirect.
  useEffect(() => {
    const timer = redirectTimer;
    return () => clearTimeout(timer.current);
  }, []);

  /** The names of the badges earned, as one list; the ids when the catalogue cannot be read. */
  async function badgesOf(result: SubmitFlagResult) {
    const ids = result.newBadges ?? [];
    if (ids.length === 0) return undefined;
    const catalogue = await queryClient.fetchQuery(badgesQueryOptions).catch(() => undefined);
    const names = ids.map((id) => {
      const badge = catalogue?.badges.find((b) => b.badgeId === id);
      return badge ? pickText(badge.title, locale) : id;
    });
    return { count: ids.length, names: formatList(names, locale) };
  }

  /** Whether the solved challenge has an "understand and fix" text (known only once solved). */
  async function hasExplanation() {
    const challenge = await queryClient.fetchQuery(challengeQueryOptions(challengeId)).catch(() => undefined);
    return challenge?.explanation ? pickText(challenge.explanation, locale).trim() !== '' : false;
  }

  async function submit(flag: string): Promise<boolean> {
    try {
      const result = await mutation.mutateAsync({ flag });
      if (result.status !== 'correct') {
        toast(describeSubmitResult(t, result));
        return false;
      }
      const [badges, isExplained] = await Promise.all([badgesOf(result), hasExplanation()]);
      const label = t('challenge:readExplanation');
      toast({
        ...describeSubmitResult(t, result, badges),
        duration: SOLVE_TOAST_MS,
        ...(isExplained
          ? {
              action: createElement(
                ToastAction,
                {
                  altText: label,
                  onClick: () => {
                    clearTimeout(redirectTimer.current);
                    void navigate(explanationPath(challengeId));
                  },
                },
                label,
              ),
            }
          : {}),
      });
      redirectTimer.current = setTimeout(() => void navigate('/challenges'), REDIRECT_AFTER_SOLVE_MS);
      return true;
    } catch (error) {
      toast(describeSubmitError(t, error));
      return false;
    }
  }

  return { submit, isPending: mutation.isPending };
}
