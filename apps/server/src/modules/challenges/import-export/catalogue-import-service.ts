import path from 'node:path/posix';

import {
  type ChallengeService,
  ChallengeServiceSchema,
  ImageReferenceSchema,
  type ImportChallengeWarning,
  type ImportProblem,
} from '@drapeau/shared';

import { resolveInArchive } from './archive.js';
import type { ChallengeYaml } from './ctfcli-schema.js';
import { detail, fieldIssueDetail, importWarning, type ProblemDetail } from './import-problems.js';

/** The bounds of a build context (the image's folder), apart from the import's own bounds on listed files. */
const BUILD_CONTEXT_LIMITS = { maxFiles: 5_000, maxTotalBytes: 200 * 1024 * 1024 } as const;

export interface PlannedService {
  service: ChallengeService;
  /** The archive folder built into the image (ctfcli's `image: .`), or null for an image reference. */
  contextFolder: string | null;
  /**
   * That folder from the challenge's own (`service`, `.`), as an export writes it back; one outside the challenge's
   * folder (`../common/app`) is written back as `service`.
   */
  sourceFolder: string | null;
  /** The archive paths of the build context's files, by their path inside the context. */
  contextFiles: Map<string, string>;
}

function imageFolderTooLarge(files: number, bytes: number): ProblemDetail {
  const params = {
    files,
    mb: Math.ceil(bytes / 1024 / 1024),
    maxFiles: BUILD_CONTEXT_LIMITS.maxFiles,
    maxMb: BUILD_CONTEXT_LIMITS.maxTotalBytes / 1024 / 1024,
  };
  return detail(
    'IMAGE_FOLDER_TOO_LARGE',
    `the image's folder holds ${params.files} files (${params.mb} MB): at most ${params.maxFiles} files and ${params.maxMb} MB`,
    params,
  );
}

/** The first port a Dockerfile EXPOSEs (`EXPOSE 8080`, `EXPOSE 1337/tcp`). */
function exposedPort(dockerfile: string): number | undefined {
  const match = /^\s*EXPOSE\s+(\d+)/im.exec(dockerfile);
  const port = match ? Number(match[1]) : NaN;
  return port >= 1 && port <= 65_535 ? port : undefined;
}

/**
 * A challenge's service from ctfcli's `image`, `protocol` and Drapeau's `drapeau.instance` block (docs/challenge-authoring.md
 * "A challenge with a service"): `image` is a folder of the archive with a Dockerfile (built by the platform), or an image
 * reference (pulled by the engine, or already there). Null without `image`; problems go through `at`, or, with ctfcli's
 * `image` alone, into `warnings`.
 */
export function planService(
  yaml: ChallengeYaml,
  folder: string,
  archive: {
    sizes: ReadonlyMap<string, number>;
    links: ReadonlyMap<string, string>;
    /** The archive's Dockerfiles, read with the challenge files. */
    dockerfiles: ReadonlyMap<string, Buffer>;
  },
  at: (code: ImportProblem['code'], field: string, what: ProblemDetail) => void,
  warnings: ImportChallengeWarning[],
): PlannedService | null {
  // ctfcli's `image` alone (no `drapeau.instance` block): a service the archive cannot give (no Dockerfile, no port) is a
  // warning, and the challenge imports without it, as real repositories must; with Drapeau's block, the author asked
  // for the service, and its problems refuse the import.
  if (!yaml.drapeau?.instance) {
    let isLeftOut = false;
    const planned = planDeclaredService(yaml, folder, archive, (_code, field, what) => {
      isLeftOut = true;
      warnings.push(importWarning.serviceLeftOut(field, what));
    });
    return isLeftOut ? null : planned;
  }
  return planDeclaredService(yaml, folder, archive, at);
}

function planDeclaredService(
  yaml: ChallengeYaml,
  folder: string,
  archive: Parameters<typeof planService>[2],
  at: Parameters<typeof planService>[3],
): PlannedService | null {
  const instance = yaml.drapeau?.instance;
  if (!yaml.image) {
    if (instance)
      at(
        'INVALID_FIELD',
        'drapeau.instance',
        detail('SERVICE_WITHOUT_IMAGE', 'a service needs `image:` (a folder with a Dockerfile, or an image)'),
      );
    return null;
  }
  const image = yaml.image;
  // ctfcli's `image: .` or `./src`, or a plain name that is a folder of the challenge's; otherwise an image reference.
  const resolved = image.includes(':') ? null : resolveInArchive(folder, image, archive.links);
  const dockerfile = resolved === null ? undefined : path.join(resolved, 'Dockerfile').replace(/^\.\//, '');
  const contextFiles = new Map<string, string>();
  let port = instance?.port;
  if (resolved !== null && dockerfile !== undefined && archive.sizes.has(dockerfile)) {
    const prefix = resolved === '.' || resolved === '' ? '' : `${resolved}/`;
    let total = 0;
    for (const [file, size] of archive.sizes) {
      if (!file.startsWith(prefix)) continue;
      contextFiles.set(file.slice(prefix.length), file);
      total += size;
    }
    if (contextFiles.size > BUILD_CONTEXT_LIMITS.maxFiles || total > BUILD_CONTEXT_LIMITS.maxTotalBytes)
      at('TOO_LARGE', 'image', imageFolderTooLarge(contextFiles.size, total));
    const text = archive.dockerfiles.get(dockerfile)?.toString('utf8');
    port ??= text === undefined ? undefined : exposedPort(text);
  } else if (image.startsWith('.') || image.startsWith('/')) {
    at(
      'MISSING_FILE',
      'image',
      detail('IMAGE_FOLDER_MISSING', `"${image}" is not a folder of the archive with a Dockerfile`, { image }),
    );
    return null;
  } else if (!ImageReferenceSchema.safeParse(image).success) {
    at(
      'INVALID_FIELD',
      'image',
      detail('IMAGE_NOT_A_REFERENCE', `"${image}" is neither a folder with a Dockerfile nor an image reference`, { image }),
    );
    return null;
  }
  if (port === undefined) {
    at(
      'INVALID_FIELD',
      'drapeau.instance.port',
      detail('SERVICE_PORT_MISSING', "the service's port: `drapeau: {instance: {port: …}}` or EXPOSE in the Dockerfile"),
    );
    return null;
  }
  const isBuilt = contextFiles.size > 0;
  const parsed = ChallengeServiceSchema.safeParse({
    // A built image's tag is given once its context is known (the importer); a placeholder until then.
    image: isBuilt ? 'localhost/pending' : image,
    protocol: yaml.protocol ?? undefined,
    port,
    scope: instance?.mode,
    lifetimeMinutes: instance?.lifetime,
    extendable: instance?.extendable,
    memoryMb: instance?.memory,
    cpus: instance?.cpus,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) at('INVALID_FIELD', 'drapeau.instance', fieldIssueDetail(issue));
    return null;
  }
  const contextFolder = isBuilt ? (resolved ?? '.') : null;
  const fromChallenge = contextFolder === null ? null : path.relative(folder || '.', contextFolder) || '.';
  const sourceFolder = fromChallenge === null ? null : fromChallenge.startsWith('..') ? 'service' : fromChallenge;
  return { service: parsed.data, contextFolder, sourceFolder, contextFiles };
}
