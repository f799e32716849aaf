// Issue 20: the ticket and result QR codes as a tablet camera reads them (qr-frame.ts): version,
// modules, error correction, pixels per module in a 640x480 frame at arm's length, whether jsQR
// reads that frame, and the smallest width it still reads. The JSON ticket (the QR before issue
// 20, still used when the table needs the whole ticket) for comparison.
import {
  buildTicket,
  encodeQrTicket,
  encodeResultCode,
  encodeShortTicket,
  encodeTicket,
  newEventSecret,
  payloadFromResult,
  sealInstant,
  signPayload,
  tableKey,
  ticketId,
} from '../src/domain/handoff';
import { makeEvent, makePlayer } from '../tests/fixtures/events';
import { cameraFrame, pixelsAcross, qrReadability, readFrame } from './qr-frame';

type Report = (what: string, value: string, target?: string) => void;

export async function benchQr(report: Report): Promise<void> {
  const start = Date.UTC(2026, 11, 5, 9, 0);
  const end = start + 106 * 60_000;
  const e = makeEvent({ name: 'Tournoi de Printemps de Clermont' });
  e.players[2] = makePlayer(3, { name: 'Pierre-Yves Morel-Delacroix' });
  e.players[3] = makePlayer(4, { name: 'Anaïs Lefèvre-Dubois' });
  e.rounds[0] = { ...e.rounds[0]!, startedAt: start };
  const ticket = buildTicket(e, 'ev-7f3c2a10-51d4-4a57-9a2e-9b7a3c0de111', 1, 2, null)!;
  ticket.key = await tableKey(newEventSecret(), ticketId(ticket));
  ticket.sealKey = 'ab'.repeat(16);
  ticket.sealedEnd = await sealInstant(end, ticketId(ticket), ticket.sealKey);
  const qrTicket = encodeQrTicket(await encodeShortTicket({ ticket, endAt: end }), { event: ticket.eventName, a: ticket.a.name, b: ticket.b.name });
  const result = encodeResultCode(
    await signPayload(
      payloadFromResult(
        { winner: 'p3', how: 'scenario', a: { cp: 3, apd: 20, listIndex: 0 }, b: { cp: 1, apd: 12, listIndex: 0 } },
        { eventId: ticket.eventId, round: 1, pairing: { table: 2, a: 'p3', b: 'p4' } },
      ),
      ticket.key,
    ),
  );
  // a ticket QR on the organizer's tablet (12 cm) at 40 cm; a result QR on a phone (6 cm) at 30 cm; a 65° camera
  const cases = [
    { what: 'ticket QR (short code + names)', text: qrTicket, ecc: 'auto' as const, px: pixelsAcross(12, 40), scene: '12 cm at 40 cm' },
    { what: 'ticket QR, whole JSON ticket', text: encodeTicket(ticket), ecc: 'L' as const, px: pixelsAcross(12, 40), scene: '12 cm at 40 cm', target: 'the QR before issue 20' },
    { what: 'result QR', text: result, ecc: 'auto' as const, px: pixelsAcross(6, 30), scene: '6 cm at 30 cm' },
  ];
  console.log('\n--- QR codes read by a 640x480 camera frame (jsQR) ---');
  for (const c of cases) {
    const r = qrReadability(c.text, c.ecc);
    const px = Math.round(c.px);
    const reads = readFrame(cameraFrame(c.text, px, c.ecc)) === c.text;
    report(`${c.what}: ${c.text.length} chars`, `v${r.version}-${r.ecc}, ${r.modules}x${r.modules}`);
    report(`  at ${c.scene}: ${px} px wide, ${(px / (r.modules + 8)).toFixed(1)} px/module`, reads ? 'decodes' : 'NO DECODE', 'target' in c ? c.target : 'target: decodes');
    report(`  smallest width jsQR still reads (640x480 frame)`, r.smallestPx === null ? 'none ≤ 460 px' : `${r.smallestPx} px`);
  }
}
