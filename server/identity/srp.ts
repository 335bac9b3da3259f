// Server side of Cognito's USER_SRP_AUTH (SRP-6a over the 3072-bit group), matching aws-amplify's client math
// byte for byte: padded-hex encodings, k = H(N|g), x = H(salt | H(poolName + userId + ':' + password)), HKDF key.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// RFC 5054 3072-bit group, the same N Amplify and Cognito use.
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1' +
  '29024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245' +
  'E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D' +
  'C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D' +
  '670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9' +
  'DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64' +
  'ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6B' +
  'F12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB31' +
  '43DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const SRP_N = BigInt(`0x${N_HEX}`);
export const SRP_G = 2n;

/** Even-length hex with a leading 00 when the top bit is set (Java BigInteger.toByteArray, as Amplify does). */
export function padHex(value: bigint): string {
  if (value < 0n) throw new Error('padHex expects a non-negative value');
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  if (/^[89a-f]/i.test(hex)) hex = `00${hex}`;
  return hex;
}

function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hashHex(hex: string): string {
  return sha256Hex(Buffer.from(hex, 'hex'));
}

function toBigInt(hex: string): bigint {
  return BigInt(`0x${hex}`);
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

const SRP_K = toBigInt(hashHex(`${padHex(SRP_N)}${padHex(SRP_G)}`));

/** Pool name as Amplify derives it: the part of the pool id after the region prefix. */
export function poolNameOf(userPoolId: string): string {
  return userPoolId.split('_')[1] ?? '';
}

/** The verifier v = g^x for a user, derived from the stored plaintext password (cognito-local keeps it). */
export function computeVerifier(poolName: string, userId: string, password: string, saltHex: string): bigint {
  const inner = sha256Hex(Buffer.from(`${poolName}${userId}:${password}`, 'utf8'));
  const x = toBigInt(hashHex(padHex(toBigInt(saltHex)) + inner));
  return modPow(SRP_G, x, SRP_N);
}

export type SrpServerState = {
  b: bigint;
  B: bigint;
  verifier: bigint;
  saltHex: string;
};

/** First half: pick b and answer B = k*v + g^b (mod N), never 0 mod N. */
export function startServerSession(verifier: bigint, saltHex: string): SrpServerState {
  for (;;) {
    const b = toBigInt(randomBytes(128).toString('hex')) % SRP_N;
    const B = (SRP_K * verifier + modPow(SRP_G, b, SRP_N)) % SRP_N;
    if (b !== 0n && B !== 0n) return { b, B, verifier, saltHex };
  }
}

export function newSaltHex(): string {
  // A positive 128-bit salt; Amplify re-pads it with padHex, so any hex works.
  return randomBytes(16).toString('hex');
}

/** The 16-byte HKDF key both sides derive from S and u ('Caldera Derived Key'). */
export function serverKey(state: SrpServerState, aHex: string): Buffer {
  const A = toBigInt(aHex);
  if (A % SRP_N === 0n) throw new Error('SRP_A mod N is zero');
  const u = toBigInt(hashHex(padHex(A) + padHex(state.B)));
  if (u === 0n) throw new Error('SRP u is zero');
  const S = modPow(A * modPow(state.verifier, u, SRP_N), state.b, SRP_N);
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);
  return createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

/** PASSWORD_CLAIM_SIGNATURE = base64(HMAC-SHA256(key, poolName + userId + secretBlock bytes + timestamp)). */
export function expectedSignature(
  key: Buffer,
  poolName: string,
  userId: string,
  secretBlockB64: string,
  timestamp: string,
): string {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(userId, 'utf8'),
        Buffer.from(secretBlockB64, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
}

export function signaturesMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Parses Cognito's SRP TIMESTAMP ('ddd MMM D HH:mm:ss UTC YYYY'); null when malformed. */
export function parseSrpTimestamp(value: string): Date | null {
  const match = /^(\w{3}) (\w{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(value);
  if (!match) return null;
  const [, weekday, month, day, hh, mm, ss, year] = match;
  const monthIndex = MONTHS.indexOf(month);
  if (monthIndex < 0 || !WEEKDAYS.includes(weekday)) return null;
  const date = new Date(Date.UTC(Number(year), monthIndex, Number(day), Number(hh), Number(mm), Number(ss)));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Formats a date the way Amplify's getNowString does (day of month unpadded, time padded). */
export function formatSrpTimestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`
  );
}
