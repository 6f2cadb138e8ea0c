import { useLayoutEffect, useRef, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

interface TerminalBlockProps {
  children: ReactNode;
  /** Shown above the output, like a window title. */
  label?: string;
  className?: string;
  /** A terminal: when this value changes (a new command's output), the block scrolls to its end, as a shell does. */
  scrollToEndOn?: unknown;
}

/** Monospace output on a near-black background, scrolling past a fixed height. */
export function TerminalBlock({ children, label, className, scrollToEndOn }: TerminalBlockProps) {
  const output = useRef<HTMLPreElement>(null);
  useLayoutEffect(() => {
    if (scrollToEndOn === undefined || !output.current) return;
    output.current.scrollTop = output.current.scrollHeight;
  }, [scrollToEndOn]);
  return (
    <div className={cn('overflow-hidden rounded-lg border border-border bg-black/60', className)}>
      {label !== undefined && (
        <div className="border-b border-border/70 bg-muted/40 px-3 py-1.5 font-mono text-xs text-muted-foreground">{label}</div>
      )}
      {/* Scrollable past its height: focusable, so that a keyboard can scroll it too (named by its label when it has one). */}
      <pre
        ref={output}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (axe scrollable-region-focusable).
        tabIndex={0}
        {...(label === undefined ? {} : { role: 'region', 'aria-label': label })}
        className="max-h-80 overflow-auto p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-emerald-200/90 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </pre>
    </div>
  );
}

/** One command typed in a lab's shell and what it printed. */
export interface TerminalRun {
  id: number;
  /** Shown before the command, as a shell's prompt. */
  prompt: string;
  command: string;
  text: string;
}

/** A lab's shell session: each run's prompt, command and output, one after another. */
export function TerminalTranscript({ runs }: { runs: readonly TerminalRun[] }) {
  return runs.map((run) => (
    <span key={run.id} className="block pb-2">
      <span className="text-sky-300">{run.prompt}</span>
      {run.command}
      {'\n'}
      {run.text}
    </span>
  ));
}
