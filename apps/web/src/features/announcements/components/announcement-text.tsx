import { lazy, Suspense } from 'react';

/** Markdown is a chunk of its own: loaded when an announcement is first shown, not with the navigation bar. */
const Markdown = lazy(() => import('@/components/ui/markdown').then((module) => ({ default: module.Markdown })));

/** An announcement's body, rendered as safe Markdown (no raw HTML; links open in a new tab without an opener). */
export function AnnouncementText({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="text-sm whitespace-pre-wrap text-muted-foreground">{text}</p>}>
      <Markdown className="text-sm">{text}</Markdown>
    </Suspense>
  );
}
