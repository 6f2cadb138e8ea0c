import type { LabRequest, LabResponse } from '@drapeau/shared';

import { readAnswer } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

import { labPath } from './run-lab-action';

export interface LabResponseWithHeaders {
  status: number;
  body: LabResponse;
  /** Every response header the browser exposes, in order. */
  headers: [name: string, value: string][];
}

/**
 * Hidden HTTP Headers needs the response headers, which apiClient does not return; this is the same POST with the
 * Response kept. Errors are raised as the ApiError every other call throws.
 */
export async function requestLabWithHeaders(challengeId: string, action: string): Promise<LabResponseWithHeaders> {
  let response: Response;
  try {
    response = await fetch(new URL(labPath(challengeId), window.location.origin), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ action, input: {} } satisfies LabRequest),
    });
  } catch (error) {
    throw new ApiError({ status: 0, code: 'NETWORK', message: error instanceof Error ? error.message : 'Network error' });
  }
  const body = await readAnswer<LabResponse>(response, `POST ${labPath(challengeId)}`);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return { status: response.status, body, headers };
}
