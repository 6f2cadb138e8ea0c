/** Kept for the callers that import it from here (tests, labs). */
export { deriveFlag } from './flag-check.js';
