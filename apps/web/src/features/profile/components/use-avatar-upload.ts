import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useUploadAvatar } from '../api/upload-avatar';

import { checkAvatarFile, resizeAvatar } from './resize-avatar';

/** Checks, scales and uploads a chosen picture, and toasts the outcome (docs/product.md#validation, #messages). */
export function useAvatarUpload() {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const upload = useUploadAvatar();
  const [isResizing, setIsResizing] = useState(false);

  function fail(description: string) {
    toast({ variant: 'destructive', title: t('profile:avatar.failed'), description });
  }

  async function uploadFile(file: File): Promise<void> {
    const check = checkAvatarFile(file);
    if (check !== 'ok') {
      const key = check === 'notImage' ? 'profile:avatar.notImage' : 'profile:avatar.tooLarge';
      toast({ variant: 'destructive', title: t('common:error'), description: t(key) });
      return;
    }

    let jpeg: Blob;
    setIsResizing(true);
    try {
      jpeg = await resizeAvatar(file);
    } catch {
      fail(t('profile:avatar.unreadable'));
      return;
    } finally {
      setIsResizing(false);
    }

    try {
      await upload.mutateAsync(jpeg);
      toast({ title: t('common:success'), description: t('profile:avatar.updated') });
    } catch (error) {
      fail(getErrorMessage(t, error));
    }
  }

  return { uploadFile, isUploading: isResizing || upload.isPending };
}
