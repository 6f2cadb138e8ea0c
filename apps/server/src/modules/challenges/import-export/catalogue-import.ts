import path from 'node:path/posix';

import type { ImportChallengeWarning, ImportProblem, ImportSkipped, ImportWarning } from '@drapeau/shared';

import type { Category, Challenge, ChallengeDraft } from '../model/challenge.js';
import { contentTypeOf, findCycle, slugify } from '../model/challenge-rules.js';
import { validateFlagPattern } from '../flags/flag-check.js';

import { type ArchiveFiles, resolveInArchive } from './archive.js';
import { type PlannedService, planService } from './catalogue-import-service.js';
import { parseChallengeYaml } from './ctfcli-format.js';
import { detail, fileProblem, flagPatternDetail, idTaken, idTwice, type ProblemDetail } from './import-problems.js';

interface PlannedChallenge {
  draft: ChallengeDraft;
  source: string;
  warnings: ImportChallengeWarning[];
  /** The archive path of each uploaded file of `draft.attachments` (by index), read once the plan has no problem. */
  filePaths: Map<number, string>;
  /** The service (`image:`), with the build context's files when the image is built from a folder. */
  service: PlannedService | null;
}
export interface ImportPlan {
  challenges: PlannedChallenge[];
  /** Files of a challenge's name that are not ctfcli challenges, or a second one in a folder: skipped, with why. */
  skipped: ImportSkipped[];
  /** Each challenge's warnings by file, also given with a refusal. */
  warnings: ImportWarning[];
  /** Every archive path the challenges list: the only files read. */
  wanted: string[];
  newCategories: Category[];
  problems: ImportProblem[];
}

/** The names of a challenge's file, the one read first when a folder has several: ctfcli's, then `ctfcli.yaml`. */
const MANIFEST_NAMES = ['challenge.yml', 'challenge.yaml', 'ctfcli.yaml'];
/** Whether a file may be a challenge's (its content decides: parseChallengeYaml). */
export function isManifest(file: string): boolean {
  return MANIFEST_NAMES.includes(path.basename(file));
}
/** Read with the challenge files: a service's port is its Dockerfile's EXPOSE. */
export const isDockerfile = (file: string) => path.basename(file) === 'Dockerfile';

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Turns the files of an import into challenges to write, or problems (named by file, line and field). Nothing is
 * written here: the caller writes the plan in one transaction, or nothing when there is a problem.
 */
export function planImport(
  manifests: ArchiveFiles,
  archive: { sizes: ReadonlyMap<string, number>; links: ReadonlyMap<string, string> },
  context: { categories: readonly Category[]; existing: readonly Challenge[]; createCategories: boolean },
): ImportPlan {
  const problems: ImportProblem[] = [];
  const planned: (PlannedChallenge & {
    requirements: string[];
    file: string;
    line: (f: string) => number | null;
    isNamed: boolean;
  })[] = [];
  const newCategories: Category[] = [];
  const categoryByName = new Map<string, string>();
  for (const c of context.categories) {
    for (const name of [c.key, c.name.en, c.name.fr]) if (name) categoryByName.set(name.toLowerCase(), c.key);
  }
  const manifestRank = (file: string) => MANIFEST_NAMES.indexOf(path.basename(file));
  const ymls = [...manifests.keys()]
    .filter(isManifest)
    .sort((a, b) => (path.dirname(a) === path.dirname(b) ? manifestRank(a) - manifestRank(b) : a < b ? -1 : 1));
  const skipped: ImportPlan['skipped'] = [];
  const folders = new Map<string, string>();
  /** CTFd's numeric ids (ctfcli.yaml's `id:`), which requirements may name. */
  const numericIds = new Map<string, string>();
  if (ymls.length === 0) problems.push(fileProblem('NO_CHALLENGES', '', detail('NO_CHALLENGE_FILE', 'no challenge.yml found')));

  for (const file of ymls) {
    const folder = path.dirname(file) === '.' ? '' : path.dirname(file);
    const parsed = parseChallengeYaml(manifests.get(file)!.toString('utf8'), file);
    if (!parsed.challenge && parsed.isNotChallenge) {
      skipped.push({
        file,
        code: 'NOT_A_CHALLENGE',
        reason: 'not a ctfcli challenge (another tool’s file of that name)',
      });
      continue;
    }
    const taken = folders.get(folder);
    if (taken) {
      skipped.push({ file, code: 'SECOND_IN_FOLDER', kept: taken, reason: `the folder's challenge is ${taken}` });
      continue;
    }
    folders.set(folder, file);
    const { challenge } = parsed;
    if (!challenge) {
      problems.push(...parsed.problems);
      continue;
    }
    const { yaml } = challenge;
    const at = (code: ImportProblem['code'], field: string, what: ProblemDetail) =>
      problems.push(fileProblem(code, file, what, { line: challenge.lineOf(field), field }));

    let category = categoryByName.get(yaml.category.toLowerCase());
    if (!category) {
      const key = slugify(yaml.category.replace(/[^A-Za-z0-9 -]/g, ''))
        .replace(/-+/g, '-')
        .replace(/^-|-$/g, '');
      if (context.createCategories && key !== '') {
        category = key;
        const described = yaml.drapeau?.category;
        newCategories.push({
          key,
          name: { en: described?.name_en ?? yaml.category, fr: described?.name_fr ?? '' },
          icon: described?.icon ?? 'flag',
          position: described?.position ?? 100 + newCategories.length,
          isBuiltIn: false,
        });
        categoryByName.set(yaml.category.toLowerCase(), key);
      } else
        at(
          'UNKNOWN_CATEGORY',
          'category',
          detail('UNKNOWN_CATEGORY', `unknown category "${yaml.category}"`, { category: yaml.category }),
        );
    }
    challenge.flags.forEach((flag, i) => {
      if (flag.matcher !== 'regex') return;
      const reason = validateFlagPattern(flag.content);
      if (reason)
        at('INVALID_FLAG_PATTERN', `flags.${i - (yaml.drapeau?.flag_kind ? 1 : 0)}`, flagPatternDetail(flag.content, reason));
    });
    const attachments: ChallengeDraft['attachments'] = [];
    const filePaths = new Map<number, string>();
    (yaml.files ?? []).forEach((name, i) => {
      // `./dist/x`, `../common/x` and links are followed as long as they stay inside the archive.
      const resolved = resolveInArchive(folder, name, archive.links);
      if (resolved === null)
        return at('UNSAFE_PATH', `files.${i}`, detail('PATH_LEAVES_ARCHIVE', `"${name}" leaves the archive`, { path: name }));
      if (!archive.sizes.has(resolved))
        return at('MISSING_FILE', `files.${i}`, detail('FILE_NOT_IN_ARCHIVE', `"${name}" is not in the archive`, { path: name }));
      filePaths.set(attachments.length, resolved);
      attachments.push({ name: path.basename(name), contentType: contentTypeOf(name), generator: null, data: null });
    });
    for (const generated of yaml.drapeau?.generated_files ?? [])
      attachments.push({ name: generated.name, contentType: generated.content_type, generator: generated.generator, data: null });

    const service = planService(yaml, folder, { ...archive, dockerfiles: manifests }, at, challenge.warnings);
    const hintsFr = yaml.drapeau?.hints_fr ?? [];
    const ownId = typeof yaml.id === 'string' && /^[a-z0-9-]{1,100}$/.test(yaml.id) ? yaml.id : undefined;
    const explicitId = yaml.drapeau?.id ?? ownId;
    const id = explicitId ?? slugify(yaml.name);
    if (typeof yaml.id === 'number') numericIds.set(String(yaml.id), id);
    if (id === '') at('INVALID_FIELD', 'name', detail('EMPTY_ID', 'the name gives an empty id'));
    planned.push({
      isNamed: explicitId !== undefined,
      filePaths,
      service,
      source: folder || '.',
      file,
      line: challenge.lineOf,
      warnings: challenge.warnings,
      requirements: challenge.requirements,
      draft: {
        id,
        position: yaml.drapeau?.position ?? 1000 + planned.length,
        category: category ?? '',
        level: challenge.level,
        title: { en: yaml.name, fr: yaml.drapeau?.title_fr ?? '' },
        description: { en: yaml.description.trim(), fr: (yaml.drapeau?.description_fr ?? '').trim() },
        explanation: { en: yaml.drapeau?.explanation?.en ?? '', fr: yaml.drapeau?.explanation?.fr ?? '' },
        author: yaml.author ?? null,
        tags: yaml.tags ?? [],
        scoring: challenge.scoring,
        state: challenge.state,
        maxAttempts: yaml.attempts ? yaml.attempts : null,
        opensAt: toDate(yaml.drapeau?.opens_at),
        closesAt: toDate(yaml.drapeau?.closes_at),
        lab: yaml.drapeau?.lab ?? null,
        connectionInfo: yaml.connection_info ?? null,
        isBuiltIn: false,
        hints: (yaml.hints ?? []).map((h, i) =>
          typeof h === 'string'
            ? { content: { en: h, fr: hintsFr[i] ?? '' }, cost: 0 }
            : { content: { en: h.content, fr: hintsFr[i] ?? '' }, cost: h.cost },
        ),
        flags: challenge.flags,
        attachments,
        prerequisites: [],
      },
    });
  }

  // Requirements name challenges (by name, as ctfcli writes them, or by id), in this import or already there.
  const byName = new Map<string, string>();
  for (const c of context.existing) {
    byName.set(c.id, c.id);
    byName.set(c.title.en.toLowerCase(), c.id);
  }
  const existingById = new Map(context.existing.map((c) => [c.id, c]));
  const seen = new Map<string, string>();
  /** A problem of a planned challenge's field, at its line. */
  const report = (p: (typeof planned)[number], code: ImportProblem['code'], field: string, what: ProblemDetail) =>
    problems.push(fileProblem(code, p.file, what, { line: p.line(field), field }));
  for (const p of planned) {
    // Two names can give one slug ("pkijs=" and "pkijs<"): never an overwrite of another challenge.
    const there = existingById.get(p.draft.id);
    if (there && !p.isNamed && there.title.en !== p.draft.title.en)
      report(p, 'DUPLICATE_CHALLENGE', 'name', idTaken(p.draft.title.en, p.draft.id, there.title.en));
    const other = seen.get(p.draft.id);
    if (other) report(p, 'DUPLICATE_CHALLENGE', 'name', idTwice(p.draft.id, other, p.file));
    seen.set(p.draft.id, p.file);
    byName.set(p.draft.id, p.draft.id);
    byName.set(p.draft.title.en.toLowerCase(), p.draft.id);
  }
  const graph = new Map<string, string[]>(context.existing.map((c) => [c.id, c.prerequisites]));
  for (const p of planned) {
    p.requirements.forEach((name, i) => {
      const id = numericIds.get(name) ?? byName.get(name.toLowerCase()) ?? byName.get(name);
      if (!id)
        report(
          p,
          'UNKNOWN_REQUIREMENT',
          `requirements.${i}`,
          detail('REQUIREMENT_NOT_FOUND', `no challenge is named "${name}"`, { name }),
        );
      else p.draft.prerequisites.push(id);
    });
    graph.set(p.draft.id, p.draft.prerequisites);
  }
  const cycle = findCycle(graph);
  if (cycle) {
    const p = planned.find((x) => x.draft.id === cycle[0]) ?? planned[0];
    const names = cycle.join(' → ');
    const what = detail('REQUIREMENT_CYCLE', `requirements form a cycle: ${names}`, { cycle: names });
    if (p) report(p, 'REQUIREMENT_CYCLE', 'requirements', what);
    else problems.push(fileProblem('REQUIREMENT_CYCLE', '', what));
  }
  return {
    skipped,
    warnings: planned.flatMap((p) => p.warnings.map((warning) => ({ file: p.file, ...warning }))),
    challenges: planned.map(({ draft, source, warnings, filePaths, service }) => ({
      draft,
      source,
      warnings,
      filePaths,
      service,
    })),
    wanted: [...new Set(planned.flatMap((p) => [...p.filePaths.values()]))],
    newCategories,
    problems,
  };
}
