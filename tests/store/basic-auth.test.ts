// The Basic-auth header CouchDB receives: user:password as UTF-8 bytes in base64 (RFC 7617 with
// charset UTF-8, what CouchDB decodes), accents and symbols included.
import { describe, expect, it } from 'vitest';
import { basicCredentials } from '../../src/sync/couch';

describe('basicCredentials', () => {
  it('encodes ASCII as plain base64', () => {
    expect(basicCredentials('orga', 'CHANGE-ME')).toBe('b3JnYTpDSEFOR0UtTUU=');
  });
  it('encodes accents, symbols and astral characters as UTF-8', () => {
    for (const [user, password] of [
      ['Zoé', 'mötdepasse€'],
      ['Hélène', '🗡️ « Épée »'],
      ['a:b', ''],
      ['', 'ÿ'],
    ] as const) {
      expect(basicCredentials(user, password)).toBe(Buffer.from(`${user}:${password}`, 'utf8').toString('base64'));
    }
  });
});
