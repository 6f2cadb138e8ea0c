import type { CatalogueChallenge } from './catalogue.schema.js';

export const FORENSICS_CHALLENGES: readonly CatalogueChallenge[] = [
  {
    id: 'steganography---lsb',
    category: 'forensics',
    level: 'very-easy',
    points: 15,
    title: { en: 'Steganography - LSB', fr: 'Stéganographie - LSB' },
    description: {
      en:
        'secret.png looks like an ordinary picture. But changing the least significant bit of a colour value is ' +
        'invisible to the eye, which makes it a classic hiding place. Read the least significant bit of the red, ' +
        'green and blue values of each pixel, row by row from the top left, and rebuild the hidden bytes from that ' +
        'stream of bits.',
      fr:
        'secret.png ressemble à une image ordinaire. Mais modifier le bit de poids faible d’une couleur est ' +
        'invisible à l’œil nu, ce qui en fait une cachette classique. Lisez le bit de poids faible des valeurs ' +
        'rouge, verte et bleue de chaque pixel, ligne par ligne depuis le coin supérieur gauche, et reconstituez les ' +
        'octets cachés à partir de ce flux de bits.',
    },
    hint: {
      en:
        'zsteg secret.png tries the common bit layouts at once: look at b1,rgb,lsb,xy. Without it, a few lines of ' +
        'Python with Pillow read the bits in the same order, eight bits per byte.',
      fr:
        'zsteg secret.png essaie d’un coup les dispositions de bits courantes : regardez b1,rgb,lsb,xy. Sans lui, ' +
        'quelques lignes de Python avec Pillow lisent les bits dans le même ordre, huit bits par octet.',
    },
    solutionType: 'download',
    asset: { fileName: 'secret.png', contentType: 'image/png' },
    lab: null,
  },
  {
    id: 'exif-metadata-extraction',
    category: 'forensics',
    level: 'easy',
    points: 25,
    title: { en: 'EXIF Metadata Extraction', fr: 'Extraction de métadonnées EXIF' },
    description: {
      en:
        'A photo posted by a suspect says more than its pixels: cameras and editing tools store metadata inside ' +
        'the JPEG file (camera model, date, GPS position, author, comments...). Read every metadata field of ' +
        'photo.jpg; something in there does not belong.',
      fr:
        'Une photo publiée par un suspect en dit plus que ses pixels : appareils photo et logiciels de retouche ' +
        'enregistrent des métadonnées dans le fichier JPEG (modèle d’appareil, date, position GPS, auteur, ' +
        'commentaires…). Lisez tous les champs de métadonnées de photo.jpg : quelque chose n’y a pas sa place.',
    },
    hint: {
      en:
        'exiftool photo.jpg lists every field. Look closely at the free-text ones: Artist, Copyright, ' +
        'ImageDescription, UserComment.',
      fr:
        'exiftool photo.jpg liste tous les champs. Regardez de près les champs de texte libre : Artist, Copyright, ' +
        'ImageDescription, UserComment.',
    },
    solutionType: 'download',
    asset: { fileName: 'photo.jpg', contentType: 'image/jpeg' },
    lab: null,
  },
  {
    id: 'zip-password-cracking',
    category: 'forensics',
    level: 'easy',
    points: 30,
    title: { en: 'Zip Password Cracking', fr: 'Cassage de mot de passe ZIP' },
    description: {
      en:
        'secret.zip is protected by a password, and its owner picked one of the passwords everybody uses. The ' +
        'archive uses the legacy ZipCrypto encryption, which is quick to attack. Run a dictionary attack against ' +
        'it with a common wordlist, open the archive, and read the flag inside.',
      fr:
        'secret.zip est protégé par un mot de passe, et son propriétaire en a choisi un que tout le monde utilise. ' +
        'L’archive utilise l’ancien chiffrement ZipCrypto, rapide à attaquer. Lancez contre elle une attaque par ' +
        'dictionnaire avec une liste de mots de passe courante, ouvrez l’archive et lisez le drapeau qu’elle ' +
        'contient.',
    },
    hint: {
      en:
        'fcrackzip -u -D -p rockyou.txt secret.zip, or zip2john secret.zip > zip.hash then john ' +
        '--wordlist=rockyou.txt zip.hash.',
      fr:
        'fcrackzip -u -D -p rockyou.txt secret.zip, ou zip2john secret.zip > zip.hash puis john ' +
        '--wordlist=rockyou.txt zip.hash.',
    },
    solutionType: 'download',
    asset: { fileName: 'secret.zip', contentType: 'application/zip' },
    lab: null,
  },
  {
    id: 'memory-dump-analysis',
    category: 'forensics',
    level: 'medium',
    points: 50,
    title: { en: 'Memory Dump Analysis', fr: 'Analyse d’un dump mémoire' },
    description: {
      en:
        'We dumped the memory of a workstation right after a suspicious program was launched. A process keeps its ' +
        'command line and its environment variables in memory as plain text. Search memory.dmp for them and find ' +
        'the secret the attacker handed to their tool.',
      fr:
        'Nous avons copié la mémoire d’un poste juste après le lancement d’un programme suspect. Un processus garde ' +
        'sa ligne de commande et ses variables d’environnement en mémoire, en texte clair. Cherchez-les dans ' +
        'memory.dmp et trouvez le secret que l’attaquant a passé à son outil.',
    },
    hint: {
      en:
        'strings memory.dmp | grep is often enough; the flag prefix is a good thing to look for. Windows stores many ' +
        'strings in UTF-16, so also try strings -e l.',
      fr:
        'strings memory.dmp | grep suffit souvent ; le préfixe du drapeau est un bon point de départ. Windows ' +
        'stocke beaucoup de chaînes en UTF-16 : essayez aussi strings -e l.',
    },
    solutionType: 'download',
    asset: { fileName: 'memory.dmp', contentType: 'application/octet-stream' },
    lab: null,
  },
  {
    id: 'disk-image-analysis',
    category: 'forensics',
    level: 'hard',
    points: 60,
    title: { en: 'Disk Image Analysis', fr: 'Analyse d’image disque' },
    description: {
      en:
        'disk.img is an image of a small removable disk seized during an investigation. Its owner deleted the file that ' +
        'mattered before handing it over, but on a FAT file system, deleting a file mostly marks its directory ' +
        'entry as free: the data often stays on the disk. List the file system, deleted entries included, and ' +
        'recover the missing file.',
      fr:
        'disk.img est l’image d’un petit support amovible saisi lors d’une enquête. Son propriétaire a supprimé le ' +
        'fichier important avant de le remettre, mais sur un système de fichiers FAT, supprimer un fichier revient ' +
        'surtout à marquer son entrée de répertoire comme libre : les données restent souvent sur le disque. ' +
        'Listez le système de fichiers, entrées supprimées comprises, et récupérez le fichier disparu.',
    },
    hint: {
      en:
        'With The Sleuth Kit, fls -r disk.img lists the files and marks deleted ones with *; icat disk.img <inode> ' +
        'prints a file by its inode number. Autopsy, TestDisk or PhotoRec work too.',
      fr:
        'Avec The Sleuth Kit, fls -r disk.img liste les fichiers et marque les supprimés d’une * ; icat disk.img ' +
        '<inode> affiche un fichier d’après son numéro d’inode. Autopsy, TestDisk ou PhotoRec conviennent aussi.',
    },
    solutionType: 'download',
    asset: { fileName: 'disk.img', contentType: 'application/octet-stream' },
    lab: null,
  },
];
