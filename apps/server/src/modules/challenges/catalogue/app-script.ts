import type { CatalogueChallenge } from './catalogue.schema.js';

export const APP_SCRIPT_CHALLENGES: readonly CatalogueChallenge[] = [
  {
    id: 'caesar-cipher',
    category: 'app-script',
    level: 'very-easy',
    points: 10,
    title: { en: 'Caesar Cipher', fr: 'Chiffre de César' },
    description: {
      en:
        'An intercepted message was "encrypted" with one of the oldest ciphers there is: every letter is shifted by ' +
        'the same number of places in the alphabet. Digits, punctuation and braces are left alone, so the shape of ' +
        'the flag already shows in message.txt. Find the shift, read the message and submit the flag as CTF{...}.',
      fr:
        'Un message intercepté a été « chiffré » avec l’un des plus vieux chiffrements qui soient : chaque lettre ' +
        'est décalée du même nombre de rangs dans l’alphabet. Les chiffres, la ponctuation et les accolades ne ' +
        'bougent pas, si bien que la forme du drapeau se devine déjà dans message.txt. Trouvez le décalage, lisez le ' +
        'message et soumettez le drapeau sous la forme CTF{...}.',
    },
    hint: {
      en:
        'There are only 25 possible shifts: try them all, with CyberChef (ROT13 with a custom amount) or a few lines ' +
        'of script. Known plaintext helps too: what must the three letters before { turn into?',
      fr:
        'Il n’existe que 25 décalages possibles : essayez-les tous, avec CyberChef (ROT13 avec un décalage ' +
        'personnalisé) ou quelques lignes de script. Le texte clair connu aide aussi : que doivent devenir les trois ' +
        'lettres avant l’accolade ?',
    },
    solutionType: 'download',
    asset: { fileName: 'message.txt', contentType: 'text/plain; charset=utf-8' },
    lab: null,
  },
  {
    id: 'xor-encryption',
    category: 'app-script',
    level: 'easy',
    points: 30,
    title: { en: 'XOR Encryption', fr: 'Chiffrement XOR' },
    description: {
      en:
        'A developer "encrypted" the flag by XORing it with a short key repeated over its whole length, and left ' +
        'both the ciphertext (in hex) and the key lying around. XOR is its own inverse: apply the same key again to ' +
        'get the plaintext back, then submit it in the flag form below.',
      fr:
        'Un développeur a « chiffré » le drapeau en lui appliquant un XOR avec une clé courte répétée sur toute sa ' +
        'longueur, puis a laissé traîner le texte chiffré (en hexadécimal) et la clé. Le XOR est sa propre ' +
        'réciproque : appliquez de nouveau la même clé pour retrouver le texte clair, puis soumettez-le dans le ' +
        'formulaire du drapeau ci-dessous.',
    },
    hint: {
      en:
        'Turn the hex into bytes, then XOR byte i with character i mod 3 of the key. In CyberChef: From Hex, then ' +
        'XOR with the key as UTF8.',
      fr:
        'Convertissez l’hexadécimal en octets, puis faites le XOR de l’octet i avec le caractère i mod 3 de la clé. ' +
        'Dans CyberChef : From Hex, puis XOR avec la clé en UTF8.',
    },
    solutionType: null,
    asset: null,
    lab: 'xor-encryption',
  },
  {
    id: 'hash-cracking',
    category: 'app-script',
    level: 'medium',
    points: 40,
    title: { en: 'Hash Cracking', fr: 'Cassage de hachages' },
    description: {
      en:
        'A database leak exposed the password hashes in hashes.txt. They are unsalted MD5: 32 hex characters, fast ' +
        'to compute and therefore fast to attack. The administrator picked a password found in every common wordlist, ' +
        'and reused it to encrypt the flag stored at the bottom of the file. Crack the right hash with a dictionary ' +
        'attack, then follow the notes in the file to decrypt the flag.',
      fr:
        'Une fuite de base de données a exposé les empreintes de mots de passe de hashes.txt. Ce sont des MD5 sans ' +
        'sel : 32 caractères hexadécimaux, rapides à calculer et donc rapides à attaquer. L’administrateur a choisi ' +
        'un mot de passe présent dans toutes les listes courantes, et l’a réutilisé pour chiffrer le drapeau rangé ' +
        'à la fin du fichier. Cassez la bonne empreinte par une attaque par dictionnaire, puis suivez les notes du ' +
        'fichier pour déchiffrer le drapeau.',
    },
    hint: {
      en:
        'Only the admin hash matters; some others will never crack. hashcat -m 0 -a 0 --username hashes.txt ' +
        'rockyou.txt, or john --format=raw-md5 --wordlist=rockyou.txt hashes.txt. Then openssl enc -d -aes-256-cbc ' +
        'does the rest.',
      fr:
        'Seule l’empreinte de l’admin compte ; certaines autres ne tomberont jamais. hashcat -m 0 -a 0 --username ' +
        'hashes.txt rockyou.txt, ou john --format=raw-md5 --wordlist=rockyou.txt hashes.txt. Ensuite, openssl enc ' +
        '-d -aes-256-cbc fait le reste.',
    },
    solutionType: 'download',
    asset: { fileName: 'hashes.txt', contentType: 'text/plain; charset=utf-8' },
    lab: null,
  },
];
