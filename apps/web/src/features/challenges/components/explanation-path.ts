/**
 * The explanation's anchor on the challenge page: the solve's toast and a solved card lead there. Apart from the panel
 * (explanation-panel.tsx), so that the list, which links to it, does not load the Markdown renderer the panel uses.
 */
export const EXPLANATION_ANCHOR = 'explanation';
export const explanationPath = (challengeId: string) => `/challenge/${encodeURIComponent(challengeId)}#${EXPLANATION_ANCHOR}`;
