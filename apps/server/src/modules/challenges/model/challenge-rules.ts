import path from 'node:path/posix';

/*
 * Rules of a challenge that authoring, the import and the attachments share (docs/product.md#challenges,
 * docs/challenge-authoring.md).
 */

/** The slug (docs/product.md#challenges): lowercased, spaces to hyphens, other non-alphanumerics dropped. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 100);
}

const CONTENT_TYPES: Record<string, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.pcap': 'application/vnd.tcpdump.pcap',
  '.pcapng': 'application/vnd.tcpdump.pcap',
  '.json': 'application/json',
};
/** Files are always served as downloads (`Content-Disposition: attachment`, `nosniff`), whatever their type. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** Finds the cycles of a prerequisite graph; returns one cycle's ids, or null. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const next of graph.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return null;
  };
  for (const id of graph.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return null;
}
