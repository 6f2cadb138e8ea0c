/** Kept for the callers that import it from here (tests, labs). */
export { deriveFlag, derivePerTeamFlag, derivePerUserFlag } from './flag-check.js';
