import { stringify } from 'yaml';

import type { Category, Challenge } from '../model/challenge.js';

/**
 * Writes a challenge as ctfcli's challenge.yml with Drapeau's `drapeau:` block, so that importing it again gives the
 * same challenge (docs/challenge-authoring.md). Uploaded files go next to it under `files/`.
 */
export function toChallengeYaml(
  challenge: Challenge,
  categories: ReadonlyMap<string, Category>,
  titles: ReadonlyMap<string, string>,
): string {
  const staticFlags = challenge.flags.filter((f) => f.kind === 'static');
  const computed = challenge.flags.find((f) => f.kind !== 'static');
  const scoring = challenge.scoring;
  const category = categories.get(challenge.category);
  const service = challenge.service;
  const doc: Record<string, unknown> = {
    name: challenge.title.en,
    author: challenge.author ?? undefined,
    category: category?.key ?? challenge.category,
    description: challenge.description.en,
    value: scoring.type === 'static' ? scoring.points : scoring.initial,
    type: scoring.type === 'static' ? 'standard' : 'dynamic',
    extra:
      scoring.type === 'dynamic'
        ? { initial: scoring.initial, decay: scoring.decay, minimum: scoring.minimum, function: scoring.function }
        : undefined,
    flags: staticFlags.length
      ? staticFlags.map((f) =>
          f.matcher === 'exact'
            ? f.content
            : f.matcher === 'case-insensitive'
              ? { type: 'static', content: f.content, data: 'case_insensitive' }
              : { type: 'regex', content: f.content },
        )
      : undefined,
    tags: challenge.tags.length ? challenge.tags : undefined,
    files: challenge.attachments.filter((a) => a.generator === null).map((a) => `files/${a.name}`),
    hints: challenge.hints.length
      ? challenge.hints.map((h) => (h.cost === 0 ? h.content.en : { content: h.content.en, cost: h.cost }))
      : undefined,
    requirements: challenge.prerequisites.length ? challenge.prerequisites.map((id) => titles.get(id) ?? id) : undefined,
    state: challenge.state,
    attempts: challenge.maxAttempts ?? undefined,
    // The folder a built image came from (written next to this file by the export), or the image the admin named.
    image: service ? (challenge.serviceSource?.folder ?? service.image) : undefined,
    protocol: service?.protocol,
    connection_info: challenge.connectionInfo ?? undefined,
    version: '0.1',
    drapeau: {
      id: challenge.id,
      level: challenge.level,
      // An admin-defined category travels with its names and icon, so that a fresh database gets the same one.
      category:
        category && !category.isBuiltIn
          ? { name_en: category.name.en, name_fr: category.name.fr, icon: category.icon, position: category.position }
          : undefined,
      position: challenge.position,
      title_fr: challenge.title.fr || undefined,
      description_fr: challenge.description.fr || undefined,
      hints_fr: challenge.hints.some((h) => h.content.fr) ? challenge.hints.map((h) => h.content.fr) : undefined,
      explanation: challenge.explanation.en || challenge.explanation.fr ? challenge.explanation : undefined,
      flag_kind: computed?.kind,
      lab: challenge.lab ?? undefined,
      generated_files: challenge.attachments.some((a) => a.generator)
        ? challenge.attachments
            .filter((a) => a.generator !== null)
            .map((a) => ({ name: a.name, generator: a.generator, content_type: a.contentType }))
        : undefined,
      opens_at: challenge.opensAt?.toISOString(),
      closes_at: challenge.closesAt?.toISOString(),
      instance: service
        ? {
            mode: service.scope,
            port: service.port,
            lifetime: service.lifetimeMinutes,
            extendable: service.extendable,
            memory: service.memoryMb,
            cpus: service.cpus,
          }
        : undefined,
    },
  };
  if ((doc.files as string[]).length === 0) delete doc.files;
  return stringify(doc, { lineWidth: 120 });
}
