import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

export type LabMessageTone = 'info' | 'success' | 'warning' | 'error';

const TONES: Record<LabMessageTone, { className: string; Icon: typeof Info }> = {
  info: { className: 'border-sky-400/30 bg-sky-400/5 text-sky-100', Icon: Info },
  success: { className: 'border-primary/40 bg-primary/10 text-primary', Icon: CircleCheck },
  warning: { className: 'border-warning/40 bg-warning/10 text-warning', Icon: TriangleAlert },
  error: { className: 'border-destructive/40 bg-destructive/10 text-red-200', Icon: CircleAlert },
};

/** One line of feedback from an exercise. */
export function LabMessage({ tone, children }: { tone: LabMessageTone; children: ReactNode }) {
  const { className, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex animate-fade-in items-start gap-2 rounded-lg border px-3 py-2 text-sm', className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
