// WebCrypto is the same in browsers and Node; the domain compiles without DOM types, so the few
// calls it makes (seals, signatures, the short ticket's mask) are typed here, once.
export interface Subtle {
  importKey(format: 'raw', data: Uint8Array, algorithm: string | object, extractable: boolean, usages: string[]): Promise<unknown>;
  encrypt(algorithm: object, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  decrypt(algorithm: object, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  sign(algorithm: string | object, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

export interface CryptoLike {
  /** only secure contexts (https, localhost) have it */
  subtle?: Subtle;
  getRandomValues(array: Uint8Array): Uint8Array;
}

/** The platform's WebCrypto, if it has one. */
export const platformCrypto = (): CryptoLike | undefined => (globalThis as { crypto?: CryptoLike }).crypto;
