import type { LabRequest, LabResponse } from '@drapeau/shared';

/** What a lab needs to know about the deployment: the challenge's flag, derived from the instance secret. */
interface LabContext {
  flag: string;
}

/** A lab's answer. `headers` are set on the HTTP response by the route (used by Hidden HTTP Headers). */
export interface LabResult extends LabResponse {
  headers?: Record<string, string>;
}

/** One in-page exercise, checked on the server so that its flag never ships in the web bundle. */
export interface LabHandler {
  challengeId: string;
  handle(request: LabRequest, context: LabContext): LabResult;
}

/** What the player typed, by field name; missing fields read as ''. */
export type LabInput = LabRequest['input'];

export type LabAction = (input: LabInput, context: LabContext) => LabResult;

const UNKNOWN_ACTION: LabResult = { ok: false, code: 'unknown-action', output: {} };

/** Builds a handler that dispatches on `request.action`; an action it does not list answers `unknown-action`. */
export function createLabHandler(challengeId: string, actions: Readonly<Record<string, LabAction>>): LabHandler {
  const byName = new Map(Object.entries(actions));
  return {
    challengeId,
    handle(request, context) {
      const action = byName.get(request.action);
      return action ? action(request.input, context) : { ...UNKNOWN_ACTION, output: {} };
    },
  };
}

/** Reads one input field, '' when absent. */
export function readInput(input: LabInput, field: string): string {
  return Object.hasOwn(input, field) ? (input[field] ?? '') : '';
}
