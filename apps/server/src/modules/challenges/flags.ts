import { createHmac } from 'node:crypto';

/**
 * This deployment's flag for a built-in challenge (docs/architecture.md#flags): HMAC-SHA256(instance secret, challenge id),
 * shaped into `CTF{<two words of the id>_<24 hex digits>}`. Two deployments have different flags; the repository holds none.
 */
export function deriveFlag(instanceSecret: string, challengeId: string): string {
  const digest = createHmac('sha256', instanceSecret).update(`flag:v1:${challengeId}`).digest('hex');
  const words = challengeId
    .split('-')
    .filter((w) => w.length > 0)
    .slice(0, 2)
    .join('_');
  return `CTF{${words}_${digest.slice(0, 24)}}`;
}
