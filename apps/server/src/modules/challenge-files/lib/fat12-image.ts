/**
 * Builds a 1.44 MB FAT12 floppy image (the geometry `mkfs.fat -C disk.img 1440` makes): boot sector
 * with BPB, two FATs, a 224-entry root directory and 512-byte clusters. Deleted files keep their
 * data and directory entry (first byte 0xE5) while their clusters are free in the FAT, as after
 * DOS `del`.
 */

interface FatFile {
  kind: 'file';
  /** 8.3 name, e.g. "README.TXT". */
  name: string;
  content: Buffer;
  modifiedAt: Date;
  isDeleted?: boolean;
}

interface FatDirectory {
  kind: 'directory';
  name: string;
  modifiedAt: Date;
  children: readonly FatNode[];
}

type FatNode = FatFile | FatDirectory;

export interface FloppyOptions {
  volumeLabel: string;
  volumeId: number;
  root: readonly FatNode[];
}

const SECTOR = 512;
const TOTAL_SECTORS = 2880;
const FAT_SECTORS = 9;
const ROOT_ENTRIES = 224;
const FAT_START = 1;
const ROOT_START = FAT_START + 2 * FAT_SECTORS;
const DATA_START = ROOT_START + (ROOT_ENTRIES * 32) / SECTOR;
const CLUSTER_COUNT = TOTAL_SECTORS - DATA_START;
const END_OF_CHAIN = 0xfff;

// Real-mode stub in the style of mkfs.fat: print the message at 0x7C5B, wait for a key, reboot.
const BOOT_CODE = Buffer.from('0e1fbe5b7cac22c0740b56b40ebb0700cd105eebf032e4cd16cd19ebfe', 'hex');
const BOOT_MESSAGE = 'This is not a bootable disk.  Please insert a bootable floppy and\r\npress any key to try again ... \r\n';

function formatShortName(name: string): Buffer {
  const [base = '', extension = ''] = name.toUpperCase().split('.');
  if (base.length > 8 || extension.length > 3) throw new Error(`not an 8.3 name: ${name}`);
  return Buffer.from(base.padEnd(8) + extension.padEnd(3), 'ascii');
}

function encodeDosTimestamp(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function encodeDirectoryEntry(rawName: Buffer, attributes: number, cluster: number, size: number, modifiedAt: Date): Buffer {
  const entry = Buffer.alloc(32);
  rawName.copy(entry, 0);
  entry[11] = attributes;
  const { time, date } = encodeDosTimestamp(modifiedAt);
  entry.writeUInt16LE(time, 14); // created
  entry.writeUInt16LE(date, 16);
  entry.writeUInt16LE(date, 18); // accessed
  entry.writeUInt16LE(time, 22); // written
  entry.writeUInt16LE(date, 24);
  entry.writeUInt16LE(cluster, 26);
  entry.writeUInt32LE(size, 28);
  return entry;
}

function writeFat12Entry(fat: Buffer, cluster: number, value: number): void {
  const offset = Math.floor((cluster * 3) / 2);
  if (cluster % 2 === 0) {
    fat[offset] = value & 0xff;
    fat[offset + 1] = ((fat[offset + 1] ?? 0) & 0xf0) | (value >> 8);
  } else {
    fat[offset] = ((fat[offset] ?? 0) & 0x0f) | ((value & 0x0f) << 4);
    fat[offset + 1] = value >> 4;
  }
}

function buildBootSector(options: FloppyOptions): Buffer {
  const boot = Buffer.alloc(SECTOR);
  Buffer.from([0xeb, 0x3c, 0x90]).copy(boot, 0);
  boot.write('MSDOS5.0', 3, 'ascii');
  boot.writeUInt16LE(SECTOR, 11);
  boot[13] = 1; // sectors per cluster
  boot.writeUInt16LE(1, 14); // reserved sectors
  boot[16] = 2; // FATs
  boot.writeUInt16LE(ROOT_ENTRIES, 17);
  boot.writeUInt16LE(TOTAL_SECTORS, 19);
  boot[21] = 0xf0; // media: 3.5" floppy
  boot.writeUInt16LE(FAT_SECTORS, 22);
  boot.writeUInt16LE(18, 24); // sectors per track
  boot.writeUInt16LE(2, 26); // heads
  boot[38] = 0x29; // extended boot signature
  boot.writeUInt32LE(options.volumeId >>> 0, 39);
  boot.write(options.volumeLabel.padEnd(11), 43, 'ascii');
  boot.write('FAT12   ', 54, 'ascii');
  BOOT_CODE.copy(boot, 62);
  boot.write(BOOT_MESSAGE, 62 + BOOT_CODE.length, 'ascii');
  boot[510] = 0x55;
  boot[511] = 0xaa;
  return boot;
}

export function buildFat12Floppy(options: FloppyOptions): Buffer {
  const image = Buffer.alloc(TOTAL_SECTORS * SECTOR);
  const fat = Buffer.alloc(FAT_SECTORS * SECTOR);
  writeFat12Entry(fat, 0, 0xff0);
  writeFat12Entry(fat, 1, 0xfff);
  let nextCluster = 2;

  const allocate = (byteLength: number, isDeleted: boolean): number => {
    const count = Math.max(1, Math.ceil(byteLength / SECTOR));
    const first = nextCluster;
    if (first + count > CLUSTER_COUNT + 2) throw new Error('floppy image is full');
    nextCluster += count;
    if (!isDeleted) {
      for (let i = 0; i < count; i += 1) writeFat12Entry(fat, first + i, i === count - 1 ? END_OF_CHAIN : first + i + 1);
    }
    return first;
  };
  const writeData = (cluster: number, data: Buffer): void => {
    data.copy(image, (DATA_START + cluster - 2) * SECTOR);
  };

  const placeNodes = (nodes: readonly FatNode[], parentCluster: number): Buffer[] =>
    nodes.map((node) => {
      if (node.kind === 'file') {
        const cluster = node.content.length > 0 ? allocate(node.content.length, node.isDeleted === true) : 0;
        if (cluster) writeData(cluster, node.content);
        const rawName = formatShortName(node.name);
        if (node.isDeleted) rawName[0] = 0xe5;
        return encodeDirectoryEntry(rawName, 0x20, cluster, node.content.length, node.modifiedAt);
      }
      const cluster = allocate((node.children.length + 2) * 32, false);
      const entries = Buffer.concat([
        encodeDirectoryEntry(Buffer.from('.'.padEnd(11), 'ascii'), 0x10, cluster, 0, node.modifiedAt),
        encodeDirectoryEntry(Buffer.from('..'.padEnd(11), 'ascii'), 0x10, parentCluster, 0, node.modifiedAt),
        ...placeNodes(node.children, cluster),
      ]);
      writeData(cluster, entries);
      return encodeDirectoryEntry(formatShortName(node.name), 0x10, cluster, 0, node.modifiedAt);
    });

  const labelEntry = encodeDirectoryEntry(
    Buffer.from(options.volumeLabel.padEnd(11), 'ascii'),
    0x08,
    0,
    0,
    new Date(Date.UTC(2024, 0, 8, 9)),
  );
  const rootEntries = Buffer.concat([labelEntry, ...placeNodes(options.root, 0)]);
  if (rootEntries.length > ROOT_ENTRIES * 32) throw new Error('root directory is full');

  buildBootSector(options).copy(image, 0);
  fat.copy(image, FAT_START * SECTOR);
  fat.copy(image, (FAT_START + FAT_SECTORS) * SECTOR);
  rootEntries.copy(image, ROOT_START * SECTOR);
  return image;
}
