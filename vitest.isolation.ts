import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The test files under `root` that mock a module (`vi.mock`), relative to it. They run isolated, each with a fresh
 * module graph, while every other test file shares its worker's (docs/conventions.md, "Tests"): in a shared graph, a
 * module that another file loaded first keeps its real imports, and the mock applies or not depending on the order.
 */
export function filesMockingModules(root: string, folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('))
      .map((file) => path.relative(root, file)),
  );
}
