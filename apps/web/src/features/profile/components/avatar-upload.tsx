import { Camera } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '@drapeau/shared';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

import { useAvatarUpload } from './use-avatar-upload';

/** The player's avatar with a Change button that opens the file picker (images only). */
export function AvatarUpload({ user }: { user: PublicUser }) {
  const { t } = useTranslation('profile');
  const inputRef = useRef<HTMLInputElement>(null);
  const { uploadFile, isUploading } = useAvatarUpload();

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (file) void uploadFile(file);
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative">
        <Avatar src={user.avatarUrl} name={user.username} size="xl" ring={user.rank === 'admin' ? 'admin' : 'primary'} />
        {isUploading && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-background/70">
            <Spinner className="size-6" label={t('avatar.uploading')} />
          </span>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('avatar.choose')}
        onChange={handleChange}
      />
      <Button variant="outline" size="sm" disabled={isUploading} onClick={() => inputRef.current?.click()}>
        <Camera />
        {isUploading ? t('avatar.uploading') : t('avatar.change')}
      </Button>
    </div>
  );
}
