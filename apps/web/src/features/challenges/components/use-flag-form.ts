import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { toast } from '@/components/ui/use-toast';

import { useSubmitFlag } from '../api/submit-flag';

import { describeSubmitError, describeSubmitResult } from './submit-feedback';

/** docs/product.md#constants: time between a correct flag and the return to the list. */
export const REDIRECT_AFTER_SOLVE_MS = 2000;

/**
 * The flag form's behaviour: sends the flag through `useSubmitFlag` (the API mutation), toasts the outcome and, after a
 * solve, returns to /challenges. `submit` resolves to true on a solve.
 */
export function useFlagForm(challengeId: string) {
  const { t } = useTranslation(['challenge', 'common', 'errors']);
  const navigate = useNavigate();
  const mutation = useSubmitFlag(challengeId);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Leaving the page before the delay is over cancels the redirect.
  useEffect(() => {
    const timer = redirectTimer;
    return () => clearTimeout(timer.current);
  }, []);

  async function submit(flag: string): Promise<boolean> {
    try {
      const result = await mutation.mutateAsync({ flag });
      toast(describeSubmitResult(t, result));
      if (result.status !== 'correct') return false;
      redirectTimer.current = setTimeout(() => void navigate('/challenges'), REDIRECT_AFTER_SOLVE_MS);
      return true;
    } catch (error) {
      toast(describeSubmitError(t, error));
      return false;
    }
  }

  return { submit, isPending: mutation.isPending };
}
