import type { CatalogueChallenge } from './catalogue.schema.js';

export const APP_SYSTEM_CHALLENGES: readonly CatalogueChallenge[] = [
  {
    id: 'suid-binary-exploitation',
    category: 'app-system',
    level: 'easy',
    points: 25,
    title: { en: 'SUID Binary Exploitation', fr: 'Exploitation d’un binaire SUID' },
    description: {
      en:
        'You have a shell on a server as the unprivileged user player. The flag sits in /root/flag.txt, which only ' +
        'root can read. But an administrator installed a helper program with the SUID bit set: it runs with the ' +
        'rights of its owner, whoever starts it. Explore the file system below, find that program, work out what it ' +
        'does, and make it read the flag for you.',
      fr:
        'Vous avez un shell sur un serveur en tant qu’utilisateur non privilégié player. Le drapeau se trouve dans ' +
        '/root/flag.txt, que seul root peut lire. Mais un administrateur a installé un utilitaire avec le bit SUID : ' +
        'il s’exécute avec les droits de son propriétaire, quel que soit celui qui le lance. Explorez le système de ' +
        'fichiers ci-dessous, trouvez ce programme, comprenez ce qu’il fait et faites-lui lire le drapeau à votre ' +
        'place.',
    },
    hint: {
      en:
        'In ls -la, an s in place of the owner x (-rwsr-xr-x) marks a SUID binary. Read what it prints about itself, ' +
        'then run it with the file you want as its argument.',
      fr:
        'Dans ls -la, un s à la place du x du propriétaire (-rwsr-xr-x) signale un binaire SUID. Lisez ce qu’il dit ' +
        'de lui-même, puis lancez-le avec le fichier voulu en argument.',
    },
    solutionType: null,
    asset: null,
    lab: 'suid-binary-exploitation',
  },
  {
    id: 'cronjob-hijacking',
    category: 'app-system',
    level: 'medium',
    points: 45,
    title: { en: 'Cronjob Hijacking', fr: 'Détournement de tâche cron' },
    description: {
      en:
        'On this server, a scheduled task runs as root every minute. Cron jobs are a classic privilege escalation ' +
        'path: if root runs a script that you can modify, root runs your commands. Dump the environment and the ' +
        'crontab below, find the weak job, then add a command to its script and read what the next run reveals. ' +
        'The secret lives in the environment of the job itself, not in yours.',
      fr:
        'Sur ce serveur, une tâche planifiée s’exécute en tant que root toutes les minutes. Les tâches cron sont une ' +
        'voie classique d’élévation de privilèges : si root exécute un script que vous pouvez modifier, root exécute ' +
        'vos commandes. Affichez l’environnement et la crontab ci-dessous, repérez la tâche vulnérable, ajoutez une ' +
        'commande à son script et lisez ce que révèle l’exécution suivante. Le secret se trouve dans ' +
        'l’environnement de la tâche elle-même, pas dans le vôtre.',
    },
    hint: {
      en:
        'Compare the permissions of the script the root job runs with the rights of your user. A command that ' +
        'prints the environment (env, printenv), run by the job, shows what root sees.',
      fr:
        'Comparez les droits du script lancé par la tâche root avec ceux de votre utilisateur. Une commande qui ' +
        'affiche l’environnement (env, printenv), exécutée par la tâche, montre ce que voit root.',
    },
    solutionType: null,
    asset: null,
    lab: 'cronjob-hijacking',
  },
  {
    id: 'kernel-exploit',
    category: 'app-system',
    level: 'hard',
    points: 65,
    title: { en: 'Kernel Exploit', fr: 'Exploit noyau' },
    description: {
      en:
        'A vulnerable driver copies whatever you send it into a 16-byte buffer on the stack with strcpy(), without ' +
        'ever checking the length. Writing past the end of the buffer overwrites what lies next to it, up to the ' +
        'saved return address. Read the C source below, then send a payload that overflows the buffer far enough to ' +
        'crash the driver and take control of its execution.',
      fr:
        'Un pilote vulnérable copie tout ce que vous lui envoyez dans un tampon de 16 octets sur la pile avec ' +
        'strcpy(), sans jamais vérifier la longueur. Écrire au-delà de la fin du tampon écrase ce qui se trouve à ' +
        'côté, jusqu’à l’adresse de retour sauvegardée. Lisez le code C ci-dessous, puis envoyez une charge qui ' +
        'déborde assez du tampon pour faire planter le pilote et prendre le contrôle de son exécution.',
    },
    hint: {
      en:
        '16 bytes fill the buffer; a few more overwrite the saved frame pointer, then the return address. Exploit ' +
        'writers use a recognisable filler, such as a run of the letter A, to spot it in the crash report.',
      fr:
        '16 octets remplissent le tampon ; quelques-uns de plus écrasent le pointeur de cadre sauvegardé, puis ' +
        'l’adresse de retour. Les auteurs d’exploits utilisent un motif reconnaissable, comme une suite de lettres ' +
        'A, pour le repérer dans le rapport de plantage.',
    },
    solutionType: null,
    asset: null,
    lab: 'kernel-exploit',
  },
];
