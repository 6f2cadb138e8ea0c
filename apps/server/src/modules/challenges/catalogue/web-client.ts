import type { CatalogueChallenge } from './catalogue.schema.js';

export const WEB_CLIENT_CHALLENGES: readonly CatalogueChallenge[] = [
  {
    id: 'dom-manipulation',
    category: 'web-client',
    level: 'very-easy',
    points: 10,
    title: { en: 'DOM Manipulation', fr: 'Manipulation du DOM' },
    description: {
      en:
        'The access panel below looks locked: both its input and its button are disabled. But a browser shows whatever ' +
        'the page tells it to, and everything the page knows lives in the DOM. Open your developer tools ' +
        '(Inspector / Elements and the Console), study the markup of the panel and what its script exposes, and get ' +
        'the access check to let you in. The flag has the format CTF{...}.',
      fr:
        'Le panneau d’accès ci-dessous a l’air verrouillé : son champ comme son bouton sont désactivés. Mais un ' +
        'navigateur affiche ce que la page lui demande, et tout ce que la page sait se trouve dans le DOM. Ouvrez les ' +
        'outils de développement (Inspecteur / Éléments et Console), examinez le balisage du panneau et ce que son ' +
        'script expose, puis faites-vous accepter par la vérification d’accès. Le drapeau a le format CTF{...}.',
    },
    hint: {
      en:
        'Read every attribute of the disabled input in the Elements panel, not just its placeholder. The page also ' +
        'installed a validation function on window: the console can call it directly.',
      fr:
        'Lisez tous les attributs du champ désactivé dans le panneau Éléments, pas seulement son texte indicatif. La ' +
        'page a aussi installé une fonction de validation sur window : la console peut l’appeler directement.',
    },
    solutionType: null,
    asset: null,
    lab: 'dom-manipulation',
  },
  {
    id: 'localstorage-secrets',
    category: 'web-client',
    level: 'easy',
    points: 20,
    title: { en: 'localStorage Secrets', fr: 'Secrets du localStorage' },
    description: {
      en:
        'This application keeps its session on the client side. Click the button below to sign in as a guest: the ' +
        "app writes a handful of session keys into your browser's localStorage. One of them is worth much more than " +
        'the others. Inspect what was stored (DevTools → Application / Storage → Local Storage, or localStorage in ' +
        'the console) and decode what you find.',
      fr:
        'Cette application garde sa session côté client. Cliquez sur le bouton ci-dessous pour vous connecter en ' +
        'invité : l’application écrit quelques clés de session dans le localStorage de votre navigateur. L’une ' +
        'd’elles vaut bien plus que les autres. Inspectez ce qui a été enregistré (DevTools → Application / Stockage ' +
        '→ Local Storage, ou localStorage dans la console) et décodez ce que vous trouvez.',
    },
    hint: {
      en:
        'A value made of letters, digits, + and / that often ends in = is probably base64. atob() in the console, or ' +
        "CyberChef's From Base64, decodes it.",
      fr:
        'Une valeur faite de lettres, de chiffres, de + et de /, qui se termine souvent par =, est sans doute du ' +
        'base64. atob() dans la console, ou la recette From Base64 de CyberChef, la décode.',
    },
    solutionType: null,
    asset: null,
    lab: 'localstorage-secrets',
  },
  {
    id: 'xss-filter-bypass',
    category: 'web-client',
    level: 'medium',
    points: 35,
    title: { en: 'XSS Filter Bypass', fr: 'Contournement de filtre XSS' },
    description: {
      en:
        'The comment box below runs your text through a home-made filter, then renders the result as raw HTML. The ' +
        'filter removes <script> tags, javascript: URLs and onerror= handlers, whatever their case. Blocklists are ' +
        'rarely complete: write a comment that still smuggles markup able to run code past the filter. Your comment ' +
        'is rendered inside an isolated sandbox, so experiment freely.',
      fr:
        'La zone de commentaire ci-dessous fait passer votre texte par un filtre maison, puis affiche le résultat ' +
        'comme du HTML brut. Le filtre retire les balises <script>, les URL javascript: et les gestionnaires ' +
        'onerror=, quelle que soit la casse. Une liste noire est rarement complète : écrivez un commentaire qui fait ' +
        'quand même passer du balisage capable d’exécuter du code. Votre commentaire est affiché dans un bac à sable ' +
        'isolé : expérimentez sans crainte.',
    },
    hint: {
      en:
        '<script> is not the only way to run JavaScript. Think of elements that load a resource, and of the many ' +
        'event handlers other than onerror.',
      fr:
        '<script> n’est pas le seul moyen d’exécuter du JavaScript. Pensez aux éléments qui chargent une ressource, ' +
        'et aux nombreux gestionnaires d’événements autres que onerror.',
    },
    solutionType: null,
    asset: null,
    lab: 'xss-filter-bypass',
  },
];
