// The container image's last step (Dockerfile): after `npm ci --omit=dev`, keeps in node_modules only the packages the
// built server loads from there, the ones its build leaves out (apps/server/tsup.config.ts, listed in the build's
// external-packages.json), with all they depend on; the rest is bundled into the build (docs/operations.md "Image").
//   node scripts/prune-image-modules.mjs <external-packages.json>
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const externals = JSON.parse(readFileSync(process.argv[2], 'utf8'));

/** The folder of the package `name` that Node finds from `dir`: the first `node_modules/name` up the tree. */
function packageSeenFrom(dir, name) {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(at) === at) return undefined;
  }
}

const kept = new Set();
function keep(dir) {
  if (kept.has(dir)) return;
  kept.add(dir);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const names = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies });
  for (const name of names) {
    const found = packageSeenFrom(dir, name);
    if (found) keep(found);
  }
}
for (const name of externals) {
  const found = packageSeenFrom(path.join(root, 'apps/server/dist'), name);
  if (!found) throw new Error(`${name}: not installed, though the build loads it`);
  keep(found);
}

let removed = 0;
/** Removes the packages of a node_modules folder that nothing kept is, or holds in its own node_modules. */
function prune(modules) {
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const at = path.join(modules, entry);
    if (entry.startsWith('@') && !lstatSync(at).isSymbolicLink()) {
      prune(at);
      if (readdirSync(at).length === 0) rmSync(at, { recursive: true });
      continue;
    }
    if ([...kept].some((dir) => dir === at || dir.startsWith(`${at}${path.sep}`))) {
      prune(path.join(at, 'node_modules'));
      continue;
    }
    rmSync(at, { recursive: true, force: true });
    removed += 1;
  }
}
prune(path.join(root, 'node_modules'));
prune(path.join(root, 'apps/server/node_modules'));
console.log(`node_modules: ${kept.size} packages kept for ${externals.length} external ones, ${removed} removed`);
