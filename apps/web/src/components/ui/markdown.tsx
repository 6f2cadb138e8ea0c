import type { ComponentProps } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

import { cn } from '@/lib/utils';

/**
 * Links leave the platform in a new tab that cannot reach back into it (no `window.opener`, no referrer). Every other
 * element is what react-markdown builds from Markdown: raw HTML is never rendered (skipHtml), and `defaultUrlTransform`
 * empties `javascript:`, `vbscript:` and `data:` URLs (see docs/decisions on authored challenge texts).
 */
const components: Components = {
  a: ({ node: _node, href, children, ...props }) => (
    <a
      {...props}
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-medium text-primary underline underline-offset-4 hover:text-primary/80"
    >
      {children}
    </a>
  ),
  // A URL the transform emptied leaves no image (an empty src would re-request the page).
  img: ({ node: _node, src, alt }) =>
    typeof src === 'string' && src !== '' ? <img src={src} alt={alt ?? ''} loading="lazy" /> : <span>{alt}</span>,
};

/** Only http(s), mailto and same-site paths survive; anything else (javascript:, data:, vbscript:…) becomes "". */
function safeUrl(url: string): string {
  return defaultUrlTransform(url);
}

interface MarkdownProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Markdown written by a challenge author: trusted for layout only, never for markup or script. */
  children: string;
}

/** Authored challenge text (descriptions, hints, explanations), rendered safely with GitHub-flavoured Markdown. */
export function Markdown({ children, className, ...props }: MarkdownProps) {
  return (
    <div
      data-slot="markdown"
      className={cn(
        'grid gap-3 leading-relaxed break-words',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]',
        '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
        '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-0.5',
        '[&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold',
        '[&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
        '[&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1',
        '[&_img]:max-w-full [&_img]:rounded',
        className,
      )}
      {...props}
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
