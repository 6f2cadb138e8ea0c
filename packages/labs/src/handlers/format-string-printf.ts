import { createHash } from 'node:crypto';

/**
 * A faithful enough glibc printf(3) for the format string lab, over a simulated x86-64 process: arguments 1 to 5 come
 * from rsi, rdx, rcx, r8, r9, then from the stack, 8 bytes each, as the System V ABI passes them. `%s` and `%n` follow
 * their pointer into the simulated memory; a pointer to nothing mapped (or to read-only memory for `%n`) is a
 * segmentation fault. Nothing is executed: the format is interpreted here, character by character.
 */

export interface Region {
  start: bigint;
  bytes: Buffer;
  writable: boolean;
}

export interface Process {
  registers: bigint[];
  /** The stack from the first stacked argument (argument 6) upwards. */
  stack: Region;
  regions: Region[];
}

export type PrintfResult = { crashed: false; output: Buffer; count: number } | { crashed: true; output: Buffer; count: number };

class Segfault extends Error {}

const MAX_OUTPUT = 4096;
const MAX_WIDTH = 1_000_000;
const MASK64 = (1n << 64n) - 1n;

function findRegion(process: Process, address: bigint, length: number): Region | undefined {
  return [process.stack, ...process.regions].find(
    (region) => address >= region.start && address + BigInt(length) <= region.start + BigInt(region.bytes.length),
  );
}

/** Argument n (1-based), as va_arg reads it: a register, then a stack slot. */
function argument(process: Process, index: number): bigint {
  if (index <= 5) return process.registers[index - 1] ?? 0n;
  const offset = (index - 6) * 8;
  if (offset + 8 > process.stack.bytes.length) return 0n;
  return process.stack.bytes.readBigUInt64LE(offset);
}

function readCString(process: Process, address: bigint, limit: number): Buffer {
  const region = findRegion(process, address, 1);
  if (!region) throw new Segfault();
  const start = Number(address - region.start);
  const out: number[] = [];
  for (let i = start; out.length < limit; i += 1) {
    if (i >= region.bytes.length) throw new Segfault();
    const byte = region.bytes[i] ?? 0;
    if (byte === 0) break;
    out.push(byte);
  }
  return Buffer.from(out);
}

function toSigned(value: bigint, bits: number): bigint {
  return BigInt.asIntN(bits, value);
}

function toUnsigned(value: bigint, bits: number): bigint {
  return BigInt.asUintN(bits, value);
}

function bitsOf(length: string): number {
  if (length === 'hh') return 8;
  if (length === 'h') return 16;
  if (['l', 'll', 'q', 'j', 'z', 'Z', 't', 'L'].includes(length)) return 64;
  return 32;
}

interface Spec {
  flags: string;
  width: number | undefined;
  precision: number | undefined;
}

function pad(body: string, spec: Spec, isNumeric: boolean): string {
  const width = spec.width ?? 0;
  if (body.length >= width) return body;
  if (spec.flags.includes('-')) return body.padEnd(width, ' ');
  if (isNumeric && spec.flags.includes('0') && spec.precision === undefined) {
    const sign = /^[+\- ]|^0[xX]/.exec(body)?.[0] ?? '';
    return sign + body.slice(sign.length).padStart(width - sign.length, '0');
  }
  return body.padStart(width, ' ');
}

function formatInteger(conversion: string, raw: bigint, bits: number, spec: Spec): string {
  const isSigned = conversion === 'd' || conversion === 'i';
  const value = isSigned ? toSigned(raw, bits) : toUnsigned(raw, bits);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const radix = conversion === 'o' ? 8 : conversion === 'x' || conversion === 'X' ? 16 : 10;
  let digits = magnitude.toString(radix);
  if (conversion === 'X') digits = digits.toUpperCase();
  if (spec.precision !== undefined) digits = spec.precision === 0 && magnitude === 0n ? '' : digits.padStart(spec.precision, '0');
  let prefix = '';
  if (negative) prefix = '-';
  else if (isSigned && spec.flags.includes('+')) prefix = '+';
  else if (isSigned && spec.flags.includes(' ')) prefix = ' ';
  if (spec.flags.includes('#') && magnitude !== 0n && (conversion === 'x' || conversion === 'X'))
    prefix = conversion === 'x' ? '0x' : '0X';
  if (spec.flags.includes('#') && conversion === 'o' && !digits.startsWith('0')) digits = `0${digits}`;
  return pad(prefix + digits, spec, true);
}

const SPEC =
  /^%(?:([1-9]\d*)\$)?([-+ #0']*)(\*(?:[1-9]\d*\$)?|\d+)?(?:\.(\*(?:[1-9]\d*\$)?|\d*))?(hh|h|ll|l|q|j|z|Z|t|L)?([diouxXcspnmfFeEgGaA%])/;

/** printf(format) with no other argument, in `process`. Stops at the format's first NUL, as C strings do. */
export function simulatePrintf(format: Buffer, process: Process): PrintfResult {
  const end = format.indexOf(0);
  const text = (end === -1 ? format : format.subarray(0, end)).toString('latin1');
  const chunks: Buffer[] = [];
  let shown = 0;
  let count = 0;
  let next = 1;
  const emit = (piece: Buffer | string) => {
    const bytes = typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece;
    count += bytes.length;
    if (shown < MAX_OUTPUT) {
      const kept = bytes.subarray(0, MAX_OUTPUT - shown);
      chunks.push(kept);
      shown += kept.length;
    }
  };
  const take = (explicit: string | undefined): bigint => {
    if (explicit) return argument(process, Number(explicit));
    const value = argument(process, next);
    next += 1;
    return value;
  };
  const star = (token: string): number => {
    const value = Number(toSigned(take(/^\*(\d+)\$$/.exec(token)?.[1]), 32));
    return value;
  };
  try {
    let i = 0;
    while (i < text.length) {
      const percent = text.indexOf('%', i);
      if (percent === -1) {
        emit(text.slice(i));
        break;
      }
      emit(text.slice(i, percent));
      const match = SPEC.exec(text.slice(percent));
      if (!match) {
        // glibc prints an unknown or unfinished conversion as it is.
        emit('%');
        i = percent + 1;
        continue;
      }
      i = percent + match[0].length;
      const [, position, flags = '', widthToken, precisionToken, length = '', conversion = ''] = match;
      if (conversion === '%') {
        emit('%');
        continue;
      }
      const spec: Spec = { flags, width: undefined, precision: undefined };
      if (widthToken !== undefined) {
        const width = widthToken.startsWith('*') ? star(widthToken) : Number(widthToken);
        if (width < 0) spec.flags += '-';
        spec.width = Math.min(Math.abs(width), MAX_WIDTH);
      }
      if (precisionToken !== undefined) {
        const precision = precisionToken.startsWith('*') ? star(precisionToken) : Number(precisionToken || '0');
        spec.precision = precision < 0 ? undefined : Math.min(precision, MAX_WIDTH);
      }
      if ('fFeEgGaA'.includes(conversion)) {
        // Floating-point arguments travel in xmm registers, which hold 0 here.
        const zero = {
          f: '0.000000',
          F: '0.000000',
          e: '0.000000e+00',
          E: '0.000000E+00',
          g: '0',
          G: '0',
          a: '0x0p+0',
          A: '0X0P+0',
        };
        emit(pad(zero[conversion as keyof typeof zero], spec, true));
        continue;
      }
      if (conversion === 'm') {
        emit(pad('Success', spec, false));
        continue;
      }
      const value = take(position);
      if ('diouxX'.includes(conversion)) emit(formatInteger(conversion, value, bitsOf(length), spec));
      else if (conversion === 'c') emit(pad(String.fromCharCode(Number(value & 0xffn)), spec, false));
      else if (conversion === 'p') {
        const body =
          value === 0n
            ? '(nil)'
            : formatInteger('x', value, 64, {
                flags: `#${spec.flags.replace(/[#0-]/g, '')}`,
                width: undefined,
                precision: spec.precision,
              });
        emit(pad(body, spec, value !== 0n));
      } else if (conversion === 's') {
        if (value === 0n) emit(pad(spec.precision === undefined || spec.precision >= 6 ? '(null)' : '', spec, false));
        else {
          const bytes = readCString(process, value, spec.precision ?? MAX_WIDTH);
          emit(pad(bytes.toString('latin1'), spec, false));
        }
      } else if (conversion === 'n') {
        const size = length === 'hh' ? 1 : length === 'h' ? 2 : bitsOf(length) === 64 ? 8 : 4;
        const region = findRegion(process, value, size);
        if (!region?.writable) throw new Segfault();
        const offset = Number(value - region.start);
        const written = BigInt(count) & MASK64;
        for (let b = 0; b < size; b += 1) region.bytes[offset + b] = Number((written >> BigInt(8 * b)) & 0xffn);
      }
    }
  } catch (error) {
    if (!(error instanceof Segfault)) throw error;
    return { crashed: true, output: Buffer.concat(chunks), count };
  }
  return { crashed: false, output: Buffer.concat(chunks), count };
}

/** 64-bit words of a deployment, from its flag: the same layout for every request of one deployment. */
export function deploymentDigest(label: string, flag: string): Buffer {
  return createHash('sha256').update(`${label}:${flag}`).digest();
}
