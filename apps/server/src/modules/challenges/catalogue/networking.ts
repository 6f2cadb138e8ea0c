import type { CatalogueChallenge } from './catalogue.schema.js';

export const NETWORKING_CHALLENGES: readonly CatalogueChallenge[] = [
  {
    id: 'hidden-http-headers',
    category: 'networking',
    level: 'very-easy',
    points: 15,
    title: { en: 'Hidden HTTP Headers', fr: 'En-têtes HTTP cachés' },
    description: {
      en:
        'Not everything a server says ends up in the page. Click the button below to send a request to the secret ' +
        'endpoint, then look at what came back besides the body: the response headers. Your developer tools show ' +
        'them (Network tab), and so does the console. The flag has the format CTF{...}.',
      fr:
        'Tout ce que dit un serveur ne finit pas dans la page. Cliquez sur le bouton ci-dessous pour envoyer une ' +
        'requête au point d’accès secret, puis regardez ce qui est revenu en plus du corps : les en-têtes de la ' +
        'réponse. Vos outils de développement les affichent (onglet Réseau), la console aussi. Le drapeau a le ' +
        'format CTF{...}.',
    },
    hint: {
      en: 'In the Network tab, click the request and open its Headers section. Custom headers often start with X-.',
      fr:
        'Dans l’onglet Réseau, cliquez sur la requête et ouvrez sa section En-têtes. Les en-têtes personnalisés ' +
        'commencent souvent par X-.',
    },
    solutionType: null,
    asset: null,
    lab: 'hidden-http-headers',
  },
  {
    id: 'pcap-analysis---ftp-credentials',
    category: 'networking',
    level: 'easy',
    points: 25,
    title: { en: 'PCAP Analysis - FTP Credentials', fr: 'Analyse PCAP - identifiants FTP' },
    description: {
      en:
        'We captured the traffic of an employee connecting to an old FTP server. FTP sends everything in clear ' +
        'text: commands, credentials and files alike. Open ftp-session.pcap in Wireshark (or tshark), find the FTP ' +
        'session and rebuild what was said and what was transferred. The flag, in the format CTF{...}, is in there.',
      fr:
        'Nous avons capturé le trafic d’un employé qui se connectait à un vieux serveur FTP. FTP transmet tout en ' +
        'clair : commandes, identifiants et fichiers. Ouvrez ftp-session.pcap dans Wireshark (ou tshark), repérez la ' +
        'session FTP et reconstituez ce qui a été dit et transféré. Le drapeau, au format CTF{...}, s’y trouve.',
    },
    hint: {
      en:
        'Filter on ftp || ftp-data, then right-click a packet → Follow → TCP Stream. Read the USER and PASS ' +
        'commands, and whatever was downloaded on the data connection.',
      fr:
        'Filtrez sur ftp || ftp-data, puis clic droit sur un paquet → Suivre → Flux TCP. Lisez les commandes USER et ' +
        'PASS, ainsi que ce qui a été téléchargé sur la connexion de données.',
    },
    solutionType: 'download',
    asset: { fileName: 'ftp-session.pcap', contentType: 'application/vnd.tcpdump.pcap' },
    lab: null,
  },
  {
    id: 'dns-tunneling-detection',
    category: 'networking',
    level: 'medium',
    points: 45,
    title: { en: 'DNS Tunneling Detection', fr: 'Détection de tunnel DNS' },
    description: {
      en:
        'A compromised workstation is leaking data through DNS: instead of looking up real domains, it packs stolen ' +
        'bytes into the names it queries. dns-traffic.pcap holds its traffic, mixed with ordinary lookups. Spot the ' +
        'suspicious domain, extract the labels that carry data, put them back in sequence, join them and decode the ' +
        'result.',
      fr:
        'Un poste compromis exfiltre des données par le DNS : au lieu de résoudre de vrais domaines, il glisse les ' +
        'octets volés dans les noms qu’il interroge. dns-traffic.pcap contient son trafic, mêlé à des requêtes ' +
        'ordinaires. Repérez le domaine suspect, extrayez les labels qui transportent des données, remettez-les ' +
        'dans l’ordre, mettez-les bout à bout et décodez le résultat.',
    },
    hint: {
      en:
        "tshark -r dns-traffic.pcap -Y 'dns.flags.response == 0' -T fields -e dns.qry.name lists every query. " +
        'The chunks use a common text encoding such as base32 or hex; CyberChef will recognise it.',
      fr:
        "tshark -r dns-traffic.pcap -Y 'dns.flags.response == 0' -T fields -e dns.qry.name liste toutes les " +
        'requêtes. Les morceaux utilisent un encodage courant, comme le base32 ou l’hexadécimal ; CyberChef saura ' +
        'le reconnaître.',
    },
    solutionType: 'download',
    asset: { fileName: 'dns-traffic.pcap', contentType: 'application/vnd.tcpdump.pcap' },
    lab: null,
  },
];
