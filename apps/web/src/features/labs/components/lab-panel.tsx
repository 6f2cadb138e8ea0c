import type { ComponentType } from 'react';

import { CommandInjectionLab } from './command-injection-lab';
import { CronjobHijackingLab } from './cronjob-hijacking-lab';
import { DomManipulationLab } from './dom-manipulation-lab';
import { FormatStringLab } from './format-string-lab';
import { HiddenHttpHeadersLab } from './hidden-http-headers-lab';
import { InvoiceIdorLab } from './invoice-idor-lab';
import { JwtTokenForgeryLab } from './jwt-token-forgery-lab';
import { KernelExploitLab } from './kernel-exploit-lab';
import { LocalstorageSecretsLab } from './localstorage-secrets-lab';
import { PathTraversalFilterBypassLab } from './path-traversal-filter-bypass-lab';
import { ServerSideTemplateInjectionLab } from './server-side-template-injection-lab';
import { SqlInjectionExtractionLab } from './sql-injection-extraction-lab';
import { SudoMisconfigurationLab } from './sudo-misconfiguration-lab';
import { SuidBinaryExploitationLab } from './suid-binary-exploitation-lab';
import { XorEncryptionLab } from './xor-encryption-lab';
import { XssFilterBypassLab } from './xss-filter-bypass-lab';

/** Each in-page exercise, keyed by its challenge id (the server's LAB_HANDLERS has the same keys). */
export const LAB_COMPONENTS: Readonly<Record<string, ComponentType>> = {
  'dom-manipulation': DomManipulationLab,
  'localstorage-secrets': LocalstorageSecretsLab,
  'xss-filter-bypass': XssFilterBypassLab,
  'sql-injection-extraction': SqlInjectionExtractionLab,
  'jwt-token-forgery': JwtTokenForgeryLab,
  'command-injection': CommandInjectionLab,
  'hidden-http-headers': HiddenHttpHeadersLab,
  'xor-encryption': XorEncryptionLab,
  'suid-binary-exploitation': SuidBinaryExploitationLab,
  'cronjob-hijacking': CronjobHijackingLab,
  'kernel-exploit': KernelExploitLab,
  'invoice-idor': InvoiceIdorLab,
  'path-traversal-filter-bypass': PathTraversalFilterBypassLab,
  'server-side-template-injection': ServerSideTemplateInjectionLab,
  'sudo-misconfiguration': SudoMisconfigurationLab,
  'format-string': FormatStringLab,
};

function hasLab(challengeId: string): boolean {
  return Object.hasOwn(LAB_COMPONENTS, challengeId);
}

/** The exercise of a challenge, or nothing when it has none. Keyed so that each challenge starts from a fresh state. */
export function LabPanel({ challengeId }: { challengeId: string }) {
  const Lab = hasLab(challengeId) ? LAB_COMPONENTS[challengeId] : undefined;
  return Lab ? <Lab key={challengeId} /> : null;
}
