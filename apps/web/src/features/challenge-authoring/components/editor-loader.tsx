import { useTranslation } from 'react-i18next';

import type { AdminChallengeSummary } from '@drapeau/shared';

import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';

import { useAdminChallenge } from '../api/get-admin-challenge';

import { draftFromChallenge, emptyDraft } from './challenge-draft';
import { ChallengeEditor } from './challenge-editor';
import type { Option } from './select-field';

interface EditorLoaderProps {
  /** null: a new challenge. */
  id: string | null;
  categories: Option[];
  challenges: AdminChallengeSummary[];
  onClose: () => void;
  onCreated: (id: string) => void;
}

/** Loads the challenge (flags included) before the form is filled from it. */
export function EditorLoader({ id, categories, challenges, onClose, onCreated }: EditorLoaderProps) {
  const { t } = useTranslation(['authoring', 'errors', 'common']);
  const challenge = useAdminChallenge(id);

  if (id === null) {
    return (
      <ChallengeEditor
        saved={null}
        initialDraft={emptyDraft(categories[0]?.value)}
        categories={categories}
        challenges={challenges}
        onClose={onClose}
        onCreated={onCreated}
      />
    );
  }
  if (challenge.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('common:loading')} />
      </div>
    );
  }
  if (challenge.error) {
    return (
      <ErrorNotice
        title={t('authoring:editor.loadFailed')}
        message={getErrorMessage(t, challenge.error)}
        onRetry={() => void challenge.refetch()}
        retryLabel={t('common:retry')}
      />
    );
  }
  return (
    <ChallengeEditor
      saved={challenge.data}
      initialDraft={draftFromChallenge(challenge.data)}
      categories={categories}
      challenges={challenges}
      onClose={onClose}
      onCreated={onCreated}
    />
  );
}
