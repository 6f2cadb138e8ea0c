import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { type ChallengeService, IMPORT_LIMITS, type ImportProblem, type ImportReport, type SeedResult } from '@drapeau/shared';

import { AppError } from '../../../lib/app-error.js';
import { BADGES } from '../../badges/badge-catalogue.js';
import { builtImageTag, fromTar, toTar } from '../../instances/build-context.js';
import { challengeValue } from '../../scoring/ledger.js';
import { draftSignature } from '../authoring/authoring-rules.js';
import type { CatalogueRepository } from '../catalogue/catalogue.repository.js';
import { type Challenge } from '../model/challenge.js';
import type { ChallengesService } from '../catalogue/challenges.service.js';

import { type ImportPlan, isDockerfile, isManifest, planImport } from './catalogue-import.js';
import type { ChallengesRepository } from './challenges.repository.js';
import { type Archive, ArchiveError, openFolder, openZip } from './archive.js';
import { toChallengeYaml } from './ctfcli-export.js';
import { tooLargeToReadProblem } from './import-problems.js';

/** A service's fields in one order, to compare an import's with the one there. */
const serviceSignature = (service: ChallengeService | null | undefined) =>
  service
    ? JSON.stringify(
        Object.keys(service)
          .sort()
          .map((key) => [key, service[key as keyof ChallengeService]]),
      )
    : null;

/**
 * The built-in pack: a folder in the import format, `modules/challenges/pack` beside this folder in the sources, shipped
 * with the server (tsup copies it next to main.js, the bundle's own URL).
 */
export const PACK_DIR = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../pack' : './pack', import.meta.url));

/**
 * An import refused as a whole: the problems, by file, line and field, with the warnings and the skipped files, so that
 * one answer says all there is to fix (400 IMPORT_INVALID).
 */
export class ImportInvalidError extends AppError {
  constructor(
    readonly problems: ImportProblem[],
    readonly warnings: ImportPlan['warnings'] = [],
    skipped: ImportPlan['skipped'] = [],
  ) {
    super('IMPORT_INVALID', 400, `The import was refused: ${problems.length} problem(s); nothing was written.`, undefined, {
      problems,
      warnings,
      skipped,
    });
  }
}

/** The import's challenges with each one after those of the import it requires (cycles were refused by the plan). */
function prerequisitesFirst<T extends { draft: { id: string; prerequisites: string[] } }>(items: T[]): T[] {
  const byId = new Map(items.map((item) => [item.draft.id, item]));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const place = (item: T) => {
    if (placed.has(item.draft.id)) return;
    placed.add(item.draft.id);
    for (const id of item.draft.prerequisites) {
      const required = byId.get(id);
      if (required) place(required);
    }
    ordered.push(item);
  };
  items.forEach(place);
  return ordered;
}

/**
 * Import and export in ctfcli's format. An import is one transaction (all or nothing), idempotent by id: a challenge
 * already there is updated, and its solves are kept (their points follow the new value).
 */
export interface CatalogueTransferDeps {
  repository: CatalogueRepository;
  badgesRepository: ChallengesRepository;
  challenges: ChallengesService;
  onCatalogueChanged: (challengeIds: string[]) => void;
  /**
   * Where an imported challenge's service goes (the instances module): its definition and, for an image built from a
   * folder of the archive, the build context's files by their path in it.
   */
  services?: {
    importService(challengeId: string, service: ChallengeService, context: { folder: string; tar: Buffer } | null): Promise<void>;
  };
  packDir?: string;
}
export function createCatalogueTransferService(deps: CatalogueTransferDeps) {
  const { repository, challenges } = deps;
  const toImportError = (error: unknown): never => {
    if (error instanceof ArchiveError) throw new ImportInvalidError([error.problem]);
    throw error;
  };

  /**
   * Imports an archive: its challenge files are read and planned first, then only the files they list, within the
   * bounds checked on the archive's index before anything is inflated (docs/challenge-authoring.md).
   */
  async function importArchive(
    opening: Promise<Archive>,
    options: { createCategories: boolean; isBuiltIn?: boolean; actorId?: string },
  ): Promise<ImportReport> {
    const archive = await opening.catch(toImportError);
    try {
      const names = [...archive.sizes.keys()].filter((name) => isManifest(name) || isDockerfile(name));
      const tooLarge = names.filter((name) => archive.sizes.get(name)! > IMPORT_LIMITS.maxYamlBytes);
      if (tooLarge.length > 0) throw new ImportInvalidError(tooLarge.map((file) => tooLargeToReadProblem(file)));
      const manifests = await archive.read(names).catch(toImportError);
      const existing = await repository.listChallenges();
      const plan = planImport(manifests, archive, {
        categories: await repository.listCategories(),
        existing,
        createCategories: options.createCategories,
      });
      if (plan.problems.length > 0) throw new ImportInvalidError(plan.problems, plan.warnings, plan.skipped);
      const files = await archive.read(plan.wanted).catch(toImportError);
      for (const { draft, filePaths } of plan.challenges)
        for (const [index, name] of filePaths) draft.attachments[index]!.data = files.get(name)!;
      // A folder's image is tagged by its content, known before the write: a changed folder is a changed challenge.
      const contexts = new Map<string, { folder: string; tar: Buffer }>();
      for (const { draft, service } of plan.challenges) {
        if (!service || service.contextFolder === null) continue;
        const read = await archive.read([...service.contextFiles.values()]).catch(toImportError);
        const tar = toTar(new Map([...service.contextFiles].map(([inside, file]) => [inside, read.get(file)!])));
        service.service.image = builtImageTag(draft.id, tar);
        contexts.set(draft.id, { folder: service.sourceFolder ?? '.', tar });
      }
      const report = await writePlan(plan, existing, options);
      for (const { draft, service } of plan.challenges)
        if (service && deps.services)
          await deps.services.importService(draft.id, service.service, contexts.get(draft.id) ?? null);
      return report;
    } finally {
      archive.close();
    }
  }

  async function writePlan(
    plan: ImportPlan,
    existing: Challenge[],
    options: { createCategories: boolean; isBuiltIn?: boolean; actorId?: string },
  ): Promise<ImportReport> {
    const byId = new Map(existing.map((c) => [c.id, c]));
    const report: ImportReport = {
      challenges: [],
      created: 0,
      updated: 0,
      unchanged: 0,
      createdCategories: [],
      skipped: plan.skipped,
    };
    await repository.transaction(async (tx) => {
      for (const category of plan.newCategories) {
        await tx.upsertCategory(category);
        report.createdCategories.push(category.key);
      }
      // New challenges are written together (one insert per table); updates one by one, keeping solves and hints.
      type Draft = (typeof plan.challenges)[number]['draft'];
      const fresh: { draft: Draft; points: number }[] = [];
      const changed: Draft[] = [];
      for (const { draft, source, warnings, service } of prerequisitesFirst(plan.challenges)) {
        const before = byId.get(draft.id);
        if (options.isBuiltIn) {
          draft.isBuiltIn = true;
          // Seed keeps the position and state an admin gave a built-in challenge.
          if (before) draft.state = before.state;
        } else if (before) {
          draft.isBuiltIn = before.isBuiltIn;
          draft.lab = draft.lab ?? before.lab;
        }
        if (before && !draft.lab) draft.lab = before.lab;
        // The service is written apart (the instances module), but a change of it alone is an update too.
        const isSameService = !service || serviceSignature(before?.service) === serviceSignature(service.service);
        if (before && isSameService && draftSignature(before) === draftSignature(draft)) {
          report.unchanged++;
          report.challenges.push({ id: draft.id, source, action: 'unchanged', fileCount: draft.attachments.length, warnings });
          continue;
        }
        if (before) changed.push(draft);
        else fresh.push({ draft, points: challengeValue(draft.scoring, 0) });
        report[before ? 'updated' : 'created']++;
        report.challenges.push({
          id: draft.id,
          source,
          action: before ? 'updated' : 'created',
          fileCount: draft.attachments.length,
          warnings,
        });
      }
      // The new ones first: an updated challenge may now require one of them.
      await tx.insertNewChallenges(fresh);
      for (const draft of changed) {
        // Its parameters only: the scoring ledger derives the solvers' points (docs/decisions/007-scoring.md).
        await tx.saveChallenge(draft, challengeValue(draft.scoring, 0));
      }
      if (options.actorId)
        await tx.insertAuditEntry({
          actorId: options.actorId,
          action: options.isBuiltIn ? 'catalogue.seed' : 'challenge.import',
          details: { created: report.created, updated: report.updated, unchanged: report.unchanged },
        });
    });
    challenges.reload();
    deps.onCatalogueChanged(report.challenges.filter((c) => c.action !== 'unchanged').map((c) => c.id));
    return report;
  }

  const service = {
    async importZip(data: Buffer, options: { createCategories: boolean; actorId?: string }): Promise<ImportReport> {
      return importArchive(openZip(data), options);
    },
    async importFolder(dir: string, options: { createCategories: boolean; actorId?: string }): Promise<ImportReport> {
      return importArchive(openFolder(dir), options);
    },

    /**
     * Every challenge as a folder `<category>/<id>/challenge.yml` (+ `files/`, + the folder its service's image was
     * built from), zipped.
     */
    async exportFiles(): Promise<Map<string, Buffer>> {
      const all = await repository.listChallenges();
      const categories = new Map((await repository.listCategories()).map((c) => [c.key, c]));
      const titles = new Map(all.map((c) => [c.id, c.title.en]));
      const files = new Map<string, Buffer>();
      for (const c of all) {
        const dir = `${c.category}/${c.id}`;
        const source = c.service ? c.serviceSource : null;
        const context = source ? await repository.findBlob(source.contextSha256) : undefined;
        // First, so that with `image: .` the challenge.yml and files written next take the place of the folder's own.
        if (source && context)
          for (const [name, data] of fromTar(context)) files.set(path.posix.join(dir, source.folder, name), data);
        files.set(`${dir}/challenge.yml`, Buffer.from(toChallengeYaml(c, categories, titles)));
        for (const a of c.attachments) {
          if (a.sha256 === null) continue;
          const data = await repository.findBlob(a.sha256);
          if (data) files.set(`${dir}/files/${a.name}`, data);
        }
      }
      return files;
    },
    async exportZip(): Promise<Buffer> {
      const { default: yazl } = await import('yazl'); // (imported when used: docs/performance.md "Cold start")
      const zip = new yazl.ZipFile();
      for (const [name, data] of await service.exportFiles()) zip.addBuffer(data, name, { mtime: new Date(0) });
      zip.end();
      const chunks: Buffer[] = [];
      for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    /** Re-applies the built-in pack and the badges; says what it really added or updated. */
    async seedCatalogue(actorId?: string): Promise<SeedResult> {
      const report = await importArchive(openFolder(deps.packDir ?? PACK_DIR), {
        createCategories: false,
        isBuiltIn: true,
        ...(actorId ? { actorId } : {}),
      });
      const badges = await deps.badgesRepository.upsertBadges(
        BADGES.map((b, position) => ({
          id: b.badgeId,
          position,
          titleEn: b.title.en,
          titleFr: b.title.fr,
          descriptionEn: b.description.en,
          descriptionFr: b.description.fr,
          icon: b.icon,
          criteria: b.criteria,
        })),
      );
      return { challengeCount: report.created + report.updated, badgeCount: BADGES.length, report, badges };
    },

    /**
     * First start: load the pack when the database has no challenge. On a new deployment (no account yet either), the
     * pack's flags are per player from the start (docs/challenge-authoring.md#per-player-flags).
     */
    async seedIfEmpty(): Promise<void> {
      if ((await repository.countChallenges()) > 0) return;
      await repository.initPackPerUserOnNewDeployment(true);
      await service.seedCatalogue();
    },
  };
  return service;
}
export type CatalogueTransferService = ReturnType<typeof createCatalogueTransferService>;
