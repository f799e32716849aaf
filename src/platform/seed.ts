// Fresh entropy lives outside the domain (which has no DOM/crypto types): the seed is what gets
// logged, so every roll made from it can be replayed.
export function randomSeed(): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0]!;
}
