import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software authenticator for route tests: an ES256 key from node:crypto, 'none' attestation, and assertions signed as a
 * real authenticator signs them (WebAuthn §6.1, §6.3.3), so that the server's checks run on genuine answers.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = [...value].flatMap(([k, v]) => [cbor(k), cbor(v)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  userHandle?: string;
}

export function newCredential(): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { id: randomBytes(16), privateKey, publicKey, counter: 0 };
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
}

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export interface CeremonyOptions {
  rpId?: string;
  origin?: string;
  userVerified?: boolean;
}

/** The answer of `navigator.credentials.create()` to registration options. */
export function attest(credential: SoftCredential, options: { challenge: string }, ceremony: CeremonyOptions = {}) {
  const rpId = ceremony.rpId ?? 'localhost';
  const attested = Buffer.concat([
    Buffer.alloc(16),
    Buffer.from([credential.id.length >> 8, credential.id.length & 0xff]),
    credential.id,
    coseKey(credential.publicKey),
  ]);
  const flags = FLAG_UP | FLAG_AT | FLAG_BE | FLAG_BS | (ceremony.userVerified === false ? 0 : FLAG_UV);
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData(rpId, flags, credential.counter, attested)],
    ]),
  );
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, ceremony.origin ?? 'http://localhost:3000')),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
  };
}

/** The answer of `navigator.credentials.get()` to sign-in options: a signature over the challenge. */
export function assert(credential: SoftCredential, options: { challenge: string }, ceremony: CeremonyOptions = {}) {
  credential.counter += 1;
  const flags = FLAG_UP | FLAG_BE | FLAG_BS | (ceremony.userVerified === false ? 0 : FLAG_UV);
  const data = authData(ceremony.rpId ?? 'localhost', flags, credential.counter);
  const client = clientData('webauthn.get', options.challenge, ceremony.origin ?? 'http://localhost:3000');
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(data),
      signature: b64url(signature),
      ...(credential.userHandle ? { userHandle: credential.userHandle } : {}),
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
  };
}
