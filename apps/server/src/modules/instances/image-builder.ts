import type { EngineApi, EngineStream } from './engine-api.js';
import { EngineError } from './engine-api.js';

/** What became of a build or a pull: whether the image is there now, and the engine's log of it. */
export interface ImageOutcome {
  ok: boolean;
  log: string;
}

/**
 * Images for challenges' services on the local engine (docs/challenge-authoring.md "A challenge with a service"): built
 * from an imported folder through the Docker Engine API's build endpoint (a tar context), or pulled when the engine lacks
 * a referenced image and a registry is reachable. Never throws: a failure is an outcome with the log that says why.
 */
export function createImageBuilder(deps: { api: EngineApi; stream: EngineStream }) {
  const has = async (image: string): Promise<boolean> => {
    try {
      await deps.api('GET', `/images/${encodeURIComponent(image)}/json`);
      return true;
    } catch (error) {
      if (error instanceof EngineError && error.status === 404) return false;
      throw error;
    }
  };
  const outcome = async (run: () => Promise<{ log: string; error: string | null }>): Promise<ImageOutcome> => {
    try {
      const { log, error } = await run();
      return error === null ? { ok: true, log } : { ok: false, log: log.endsWith(`${error}\n`) ? log : `${log}${error}\n` };
    } catch (error) {
      return { ok: false, log: `${error instanceof Error ? error.message : String(error)}\n` };
    }
  };
  return {
    /** Whether the engine has the image (a local one is used as it is, never pulled again); rejects if it cannot say. */
    has,
    /** Builds `context` as `tag`, unless the engine has it: a tag names its folder's content (builtImageTag). */
    async build(tag: string, context: Buffer): Promise<ImageOutcome> {
      if (await has(tag).catch(() => false)) return { ok: true, log: `${tag} is on the engine (built from the same folder)\n` };
      const query = new URLSearchParams({ t: tag, rm: '1', forcerm: '1' });
      const built = await outcome(() =>
        deps.stream(`/build?${query.toString()}`, { data: context, contentType: 'application/x-tar' }),
      );
      // An engine may end a failed build with no error line: the image is then missing.
      if (built.ok && !(await has(tag).catch(() => false)))
        return { ok: false, log: `${built.log}the engine reported no error, but there is no image ${tag}\n` };
      return built;
    },
    async ensure(image: string): Promise<ImageOutcome> {
      try {
        if (await has(image)) return { ok: true, log: `${image} is on the engine\n` };
      } catch (error) {
        return { ok: false, log: `${error instanceof Error ? error.message : String(error)}\n` };
      }
      const at = image.lastIndexOf(':');
      const hasTag = at > image.lastIndexOf('/') && !image.includes('@');
      const query = new URLSearchParams(
        hasTag ? { fromImage: image.slice(0, at), tag: image.slice(at + 1) } : { fromImage: image },
      );
      const pulled = await outcome(() => deps.stream(`/images/create?${query.toString()}`));
      return { ok: pulled.ok, log: `pulling ${image}\n${pulled.log}` };
    },
  };
}
export type ImageBuilder = ReturnType<typeof createImageBuilder>;
