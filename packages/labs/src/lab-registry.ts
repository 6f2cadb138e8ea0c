import { commandInjectionLab } from './handlers/command-injection.js';
import { cronjobHijackingLab } from './handlers/cronjob-hijacking.js';
import { domManipulationLab } from './handlers/dom-manipulation.js';
import { formatStringLab } from './handlers/format-string.js';
import { hiddenHttpHeadersLab } from './handlers/hidden-http-headers.js';
import { invoiceIdorLab } from './handlers/invoice-idor.js';
import { jwtTokenForgeryLab } from './handlers/jwt-token-forgery.js';
import { kernelExploitLab } from './handlers/kernel-exploit.js';
import { localstorageSecretsLab } from './handlers/localstorage-secrets.js';
import { pathTraversalFilterBypassLab } from './handlers/path-traversal-filter-bypass.js';
import { serverSideTemplateInjectionLab } from './handlers/server-side-template-injection.js';
import { sqlInjectionExtractionLab } from './handlers/sql-injection-extraction.js';
import { sudoMisconfigurationLab } from './handlers/sudo-misconfiguration.js';
import { suidBinaryExploitationLab } from './handlers/suid-binary-exploitation.js';
import { xorEncryptionLab } from './handlers/xor-encryption.js';
import { xssFilterBypassLab } from './handlers/xss-filter-bypass.js';
import type { LabHandler } from './lab-handler.js';

/** Every in-page exercise (docs/product.md#in-page-labs), keyed by its challenge id. */
export const LAB_HANDLERS: ReadonlyMap<string, LabHandler> = new Map(
  [
    domManipulationLab,
    localstorageSecretsLab,
    xssFilterBypassLab,
    sqlInjectionExtractionLab,
    jwtTokenForgeryLab,
    commandInjectionLab,
    hiddenHttpHeadersLab,
    xorEncryptionLab,
    suidBinaryExploitationLab,
    cronjobHijackingLab,
    kernelExploitLab,
    invoiceIdorLab,
    pathTraversalFilterBypassLab,
    serverSideTemplateInjectionLab,
    sudoMisconfigurationLab,
    formatStringLab,
  ].map((handler) => [handler.challengeId, handler]),
);
