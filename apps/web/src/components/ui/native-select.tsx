import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

import { fieldClassName } from './input';

/**
 * A drop-down list that is the browser's own `<select>`, drawn like the other fields: the platform's picker (a phone's
 * wheel), keyboard and screen-reader behaviour, and no script of its own. For a short list of plain options, above all
 * on a page that must load fast; `select.tsx` (Radix) where an option needs more than text. `className` sizes the box.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select data-slot="native-select" className={cn(fieldClassName, 'h-10 appearance-none py-2 pr-9')} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-foreground opacity-60"
      />
    </div>
  );
}
