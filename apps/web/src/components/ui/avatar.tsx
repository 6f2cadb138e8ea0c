import { cva, type VariantProps } from 'class-variance-authority';
import { useState } from 'react';

import { cn } from '@/lib/utils';

const avatarVariants = cva(
  'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted font-semibold text-foreground uppercase ring-2 ring-offset-2 ring-offset-background',
  {
    variants: {
      size: { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl', xl: 'size-24 text-3xl' },
      ring: {
        primary: 'ring-primary',
        admin: 'ring-destructive',
        none: 'ring-transparent ring-offset-0',
      },
    },
    defaultVariants: { size: 'md', ring: 'primary' },
  },
);

export interface AvatarProps extends VariantProps<typeof avatarVariants> {
  /** An image URL; empty when the user has none. */
  src: string;
  name: string;
  className?: string;
  /** A Tailwind ring colour class that overrides `ring` (rank colours on the leaderboard). */
  ringClassName?: string;
}

/** A round picture, or the first letter of the name when there is no picture or it fails to load. */
export function Avatar({ src, name, size, ring, className, ringClassName }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hasImage = src !== '' && failedSrc !== src;
  return (
    <span data-slot="avatar" className={cn(avatarVariants({ size, ring }), ringClassName, className)}>
      {hasImage ? (
        <img src={src} alt={name} className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        <span aria-hidden="true">{name.trim().charAt(0) || '?'}</span>
      )}
    </span>
  );
}
