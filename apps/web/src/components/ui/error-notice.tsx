import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

import { Button } from './button';

interface ErrorNoticeProps {
  title: ReactNode;
  message?: ReactNode;
  /** Shown as a button when given. */
  onRetry?: () => void;
  retryLabel?: ReactNode;
  className?: string;
}

/** An inline failure message with an optional retry button. */
export function ErrorNotice({ title, message, onRetry, retryLabel, className }: ErrorNoticeProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-(--radius-card) border border-destructive/40 bg-destructive/10 p-6 text-center',
        className,
      )}
    >
      <TriangleAlert className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {message !== undefined && <p className="text-sm text-muted-foreground">{message}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
