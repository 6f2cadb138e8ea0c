import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

interface SpinnerProps extends ComponentProps<'svg'> {
  /** Announced to screen readers. */
  label?: string;
}

export function Spinner({ className, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <LoaderCircle role="status" aria-label={label} className={cn('size-5 animate-spin text-primary', className)} {...props} />
  );
}

/** A spinner centred in the space a page would take. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-8" {...(label === undefined ? {} : { label })} />
    </div>
  );
}
