// Issue 20: the ticket's QR a tablet camera reads at arm's length. The QR carries the short code
// and the names in one alphanumeric segment; a 640x480 frame reads it where the JSON ticket's
// QR could not be read at all.
import { describe, expect, it } from 'vitest';
import {
  buildTicket,
  decodeQrTicket,
  decodeShortTicket,
  decodeTicket,
  encodeQrTicket,
  isIntakeAddress,
  encodeResultCode,
  encodeShortTicket,
  encodeTicket,
  newEventSecret,
  parseQrTicket,
  payloadFromResult,
  QR_NAME_BYTES,
  signPayload,
  tableKey,
  ticketId,
  type TableTicket,
} from '../../../src/domain/handoff';
import { qrCode } from '../../../src/platform/qr';
import { cameraFrame, pixelsAcross, readFrame } from '../../../scripts/qr-frame';
import { makeEvent, makePlayer } from '../../fixtures/events';

const START = Date.UTC(2026, 11, 5, 9, 0, 12);
const END = START + 106 * 60_000;
const labels = { event: 'Événement', player: (n: number) => `Joueur n° ${n}`, list: (i: number) => `Liste ${i + 1}` };

async function ticket(a = 'Pierre-Yves Morel-Delacroix', b = 'Anaïs Lefèvre'): Promise<TableTicket> {
  const e = makeEvent({ name: 'Tournoi de la Table' });
  e.players[2] = makePlayer(3, { name: a });
  e.players[3] = makePlayer(4, { name: b });
  e.rounds[0] = { ...e.rounds[0]!, startedAt: START } as (typeof e.rounds)[0];
  const t = buildTicket(e, 'ev-7f3c2a10-51d4', 1, 2, null)!;
  t.key = await tableKey(newEventSecret(), ticketId(t));
  return t;
}
const names = (t: TableTicket) => ({ event: t.eventName, a: t.a.name, b: t.b.name });

describe('QR ticket text', () => {
  it('is the short code and the names, all in the QR alphanumeric set, and reads back whole', async () => {
    const t = await ticket();
    const short = await encodeShortTicket({ ticket: t, endAt: END });
    const text = encodeQrTicket(short, names(t));
    expect(text).toMatch(/^[0-9A-Z/]+$/);
    const parsed = parseQrTicket(text);
    expect(parsed).toEqual({ code: short.replace(/-/g, ''), names: { event: 'Tournoi de la Table', a: 'Pierre-Yves Morel-Delacroix', b: 'Anaïs Lefèvre' } });
    const decoded = await decodeShortTicket(parsed!.code, START + 60_000, labels);
    expect(decoded.ok && decoded.ticket).toMatchObject({ round: 1, table: 2, a: { number: 3 }, b: { number: 4 } });
  });

  it('cuts a long name at its byte limit, never inside a character', async () => {
    const long = 'Éléonore-Françoise de Saint-Exupéry-Château';
    const t = await ticket(long, '王小明');
    const parsed = parseQrTicket(encodeQrTicket(await encodeShortTicket({ ticket: t, endAt: END }), names(t)))!;
    expect(new TextEncoder().encode(parsed.names.a).length).toBeLessThanOrEqual(QR_NAME_BYTES.player);
    expect(long.startsWith(parsed.names.a)).toBe(true);
    expect(parsed.names.a.length).toBeGreaterThan(20);
    expect(parsed.names.b).toBe('王小明');
  });

  it('refuses what it did not write: bad padding, broken UTF-8, control characters, wrong shape', async () => {
    const t = await ticket();
    const code = (await encodeShortTicket({ ticket: t, endAt: END })).replace(/-/g, '');
    const b32 = (bytes: number[]) => {
      const bits = bytes.flatMap((x) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (x >> i) & 1));
      let s = '';
      for (let i = 0; i < bits.length; i += 5)
        s += '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[
          bits
            .slice(i, i + 5)
            .concat([0, 0, 0, 0])
            .slice(0, 5)
            .reduce((v, x) => v * 2 + x, 0)
        ];
      return s;
    };
    expect(parseQrTicket(`${code}/${b32([0x41])}/${b32([0x42])}/${b32([0x43])}`)?.names).toEqual({ event: 'A', a: 'B', b: 'C' });
    expect(parseQrTicket(`${code}/${b32([0xc3])}/B/C`)).toBeNull(); // half of « é »
    expect(parseQrTicket(`${code}/${b32([0xc0, 0x80])}//`)).toBeNull(); // overlong NUL
    expect(parseQrTicket(`${code}/${b32([0x0a])}//`)).toBeNull(); // a line break in a name
    expect(parseQrTicket(`${code}/${b32(Array(QR_NAME_BYTES.event + 1).fill(0x41))}//`)).toBeNull();
    expect(parseQrTicket(`${code}/Z//`)).toBeNull(); // padding bits that are not zero
    expect(parseQrTicket(`${code}//`)).toBeNull();
    expect(parseQrTicket(`${code.slice(1)}///`)).toBeNull();
    expect(parseQrTicket(encodeTicket(t))).toBeNull();
    expect(() => encodeQrTicket('ABC', names(t))).toThrow(RangeError);
  });
});

describe('the intake address a ticket carries (issue 20)', () => {
  it('travels in the JSON ticket and the QR ticket; credentials, queries and other shapes are refused', async () => {
    const t = await ticket();
    const intake = 'https://couch.example.org/open-lyon-intake';
    const json = decodeTicket(encodeTicket({ ...t, intake }));
    expect(json.ok && json.ticket.intake).toBe(intake);
    const short = await encodeShortTicket({ ticket: t, endAt: END });
    const qr = encodeQrTicket(short, { ...names(t), intake });
    expect(qr).toMatch(/^[0-9A-Z/]+$/);
    expect(parseQrTicket(qr)?.names.intake).toBe(intake);
    const decoded = await decodeQrTicket(qr, START, labels);
    expect(decoded?.ok && decoded.ticket).toMatchObject({ intake, a: { name: t.a.name } });
    for (const bad of [
      'https://orga:pw@couch.example.org/x-intake',
      'https://couch.example.org/x?y=1',
      'ftp://couch.example.org/x',
      'https://couch.example.org/a/b',
      'https://couch.example.org/',
    ]) {
      expect(isIntakeAddress(bad), bad).toBe(false);
      expect(decodeTicket(encodeTicket({ ...t, intake: bad })).ok, bad).toBe(false);
      expect(() => encodeQrTicket(short, { ...names(t), intake: bad })).toThrow(RangeError);
    }
    // a QR whose intake segment is not an address is not a ticket
    const forged = `${qr.split('/').slice(0, 4).join('/')}/${qr.split('/')[1]}`;
    expect(parseQrTicket(forged)).toBeNull();
  });
});

describe('read by a tablet camera at arm’s length (640x480 frame, jsQR)', () => {
  it('the QR ticket: a version-6 code at most, read from 12 cm at 40 cm; the JSON ticket is not', async () => {
    const t = await ticket();
    const text = encodeQrTicket(await encodeShortTicket({ ticket: t, endAt: END }), names(t));
    const px = Math.round(pixelsAcross(12, 40));
    const made = qrCode(text, 'auto');
    expect(made.version).toBeLessThanOrEqual(6);
    expect(readFrame(cameraFrame(text, px))).toBe(text);
    const json = encodeTicket(t);
    expect(qrCode(json, 'L').version).toBeGreaterThan(12);
    expect(readFrame(cameraFrame(json, px, 'L'))).toBeNull();
  });

  it('the result QR from a phone (6 cm at 30 cm), with the strongest correction its version allows', async () => {
    const t = await ticket();
    const key = await tableKey(newEventSecret(), ticketId(t));
    const code = encodeResultCode(
      await signPayload(
        payloadFromResult(
          { winner: 'p3', how: 'scenario', a: { cp: 3, apd: 20, listIndex: 0 }, b: { cp: 1, apd: 12, listIndex: 0 } },
          { eventId: t.eventId, round: 1, pairing: { table: 2, a: 'p3', b: 'p4' } },
        ),
        key,
      ),
    );
    const made = qrCode(code, 'auto');
    expect(made.version).toBe(2);
    expect(made.ecc).toBe('M');
    expect(readFrame(cameraFrame(code, Math.round(pixelsAcross(6, 30))))).toBe(code);
  });
});
