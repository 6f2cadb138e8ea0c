import { Search, X } from 'lucide-react';
import type { ReactNode } from 'react';

import { SEARCH_MAX_LENGTH } from '@drapeau/shared/constants';

import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the box. */
  label: string;
  placeholder: string;
  /** With a clear button (named `clearLabel`) while the box holds text. */
  onClear?: () => void;
  clearLabel?: string;
  /** Shown at the end of the box, e.g. a spinner while the results load. */
  status?: ReactNode;
  className?: string;
}

/** The app's one search box (leaderboard, admin lists): capped at the length the API accepts. */
export function SearchBox({ value, onChange, label, placeholder, onClear, clearLabel, status, className }: SearchBoxProps) {
  const clearable = onClear !== undefined && value !== '';
  return (
    <div role="search" className={cn('relative w-full', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        // A field with neither id nor name is reported by Chromium as an issue (autofill cannot tell fields apart).
        name="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {clearable ? (
        <button
          type="button"
          onClick={onClear}
          aria-label={clearLabel}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-4" />
        </button>
      ) : (
        status && <span className="absolute top-1/2 right-3 flex -translate-y-1/2">{status}</span>
      )}
    </div>
  );
}
