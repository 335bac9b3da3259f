// The ids of the entities an event declares (and of the default categories), derived from a stable string: a
// module of its own so the data layer's seeding reaches it without the template compiler.
/** 128 bits from a string: four 32-bit lanes of a multiply-xorshift hash (cyrb128); pure and stable. */
function hash128(input: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const hex = (n: number) => n.toString(16).padStart(8, '0');

/**
 * A UUID-shaped id (version 8, RFC 9562 variant) for an entity an event declares: the same event id and
 * primitive key always give the same id, so re-saving an edited event regenerates the same entities.
 */
export function eventEntityId(eventId: string, primitiveKey: string): string {
  const [a, b, c, d] = hash128(`wyrd-event-entity\u0000${eventId}\u0000${primitiveKey}`);
  const s = hex(a) + hex(b) + hex(c) + hex(d);
  const variant = ((parseInt(s[16], 16) & 0x3) | 0x8).toString(16);
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-8${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}
