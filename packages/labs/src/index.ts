/**
 * The in-page labs (docs/product.md#in-page-labs): content, not platform. The server runs them in its lab worker pool
 * (docs/decisions/011-real-labs.md); this package knows nothing of HTTP, the database or the pool.
 */
export type { LabResult } from './lab-handler.js';
export { LAB_HANDLERS } from './lab-registry.js';
export { loadSqlEngine as loadLabEngines } from './handlers/sql-sandbox.js';
export { XSS_PREVIEW_CSP, XSS_PREVIEW_PAGE } from './handlers/xss-preview-page.js';
