import type { CatalogueChallenge } from './catalogue.schema.js';

export const WEB_SERVER_CHALLENGES: readonly CatalogueChallenge[] = [
  {
    id: 'sql-injection-extraction',
    category: 'web-server',
    level: 'easy',
    points: 25,
    title: { en: 'SQL Injection Extraction', fr: 'Extraction par injection SQL' },
    description: {
      en:
        'The admin login form below builds its SQL query by pasting your input straight into a string, and a debug ' +
        'line even shows you the query it runs. You know no password. Make the WHERE clause mean something other ' +
        'than what the developer intended, and log in anyway.',
      fr:
        'Le formulaire de connexion administrateur ci-dessous construit sa requête SQL en collant votre saisie ' +
        'directement dans une chaîne, et une ligne de débogage vous montre même la requête exécutée. Vous ne ' +
        'connaissez aucun mot de passe. Faites dire à la clause WHERE autre chose que ce que le développeur ' +
        'prévoyait, et connectez-vous quand même.',
    },
    hint: {
      en:
        'Watch the debug query when your username contains a single quote. A condition joined with OR to something ' +
        'always true is always true; -- turns the rest of the line into a comment.',
      fr:
        'Observez la requête de débogage quand votre nom d’utilisateur contient une apostrophe. Une condition reliée ' +
        'par OR à une condition toujours vraie est toujours vraie ; -- transforme la fin de la ligne en commentaire.',
    },
    solutionType: null,
    asset: null,
    lab: 'sql-injection-extraction',
  },
  {
    id: 'jwt-token-forgery',
    category: 'web-server',
    level: 'medium',
    points: 40,
    title: { en: 'JWT Token Forgery', fr: 'Falsification de jeton JWT' },
    description: {
      en:
        'This service gives you a JSON Web Token for the guest account, and opens its admin area to any token whose ' +
        'claims say you are an administrator. A JWT is three base64url parts separated by dots: header, payload and ' +
        'signature. Decode the sample token, study its claims, and submit a token the server accepts as an ' +
        "administrator's. Does it really check the signature?",
      fr:
        'Ce service vous remet un JSON Web Token pour le compte invité, et ouvre son espace d’administration à tout ' +
        'jeton dont les revendications disent que vous êtes administrateur. Un JWT, ce sont trois parties en ' +
        'base64url séparées par des points : en-tête, charge utile et signature. Décodez le jeton d’exemple, ' +
        'étudiez ses revendications, et soumettez un jeton que le serveur accepte comme celui d’un administrateur. ' +
        'Vérifie-t-il vraiment la signature ?',
    },
    hint: {
      en:
        'jwt.io or CyberChef decode a token in one click. Edit the payload, encode it again in base64url (without = ' +
        'padding) and keep the header.payload.signature shape.',
      fr:
        'jwt.io ou CyberChef décodent un jeton en un clic. Modifiez la charge utile, réencodez-la en base64url (sans ' +
        'remplissage =) et gardez la forme en-tête.charge.signature.',
    },
    solutionType: null,
    asset: null,
    lab: 'jwt-token-forgery',
  },
  {
    id: 'command-injection',
    category: 'web-server',
    level: 'hard',
    points: 60,
    title: { en: 'Command Injection', fr: 'Injection de commandes' },
    description: {
      en:
        'A network diagnostics page lets you ping any host. Behind the scenes, the server builds a shell command ' +
        'from your input and runs it. If the input is not sanitised, shell operators let you chain commands of your ' +
        'own. Find out who the server runs as, look around its working directory, and read the file that matters.',
      fr:
        'Une page de diagnostic réseau vous permet de pinguer n’importe quel hôte. En coulisses, le serveur ' +
        'construit une commande shell à partir de votre saisie et l’exécute. Si la saisie n’est pas assainie, les ' +
        'opérateurs du shell vous permettent d’enchaîner vos propres commandes. Découvrez sous quel utilisateur ' +
        'tourne le serveur, explorez son répertoire de travail et lisez le fichier qui compte.',
    },
    hint: {
      en:
        'In a shell, ;, && and | chain commands. After a valid host, start with harmless commands such as whoami or ' +
        'ls before reading anything.',
      fr:
        'Dans un shell, ;, && et | enchaînent les commandes. Après un hôte valide, commencez par des commandes ' +
        'inoffensives comme whoami ou ls avant de lire quoi que ce soit.',
    },
    solutionType: null,
    asset: null,
    lab: 'command-injection',
  },
];
