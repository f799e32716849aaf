// Issue 20, « La salle »: the size of a table's clock state document in the intake (its rules
// allow 256 bytes) and what a screen opened late in a round has to check: 8 tables, one state
// every 10 s for an hour (2,880 states), each verified with its table's key (WebCrypto in Node).
import { checkHallState, encodeHallState, eventTag, newEventSecret, tableKey, ticketId, type HallState } from '../src/domain/handoff';

type Report = (what: string, value: string, target?: string) => void;

export async function benchHall(report: Report): Promise<void> {
  console.log('\n--- « La salle »: clock states ---');
  const eventId = 'ev-bench-hall-with-a-long-id-0123456789';
  const secret = newEventSecret();
  const worst: HallState = {
    eventTag: eventTag(eventId),
    round: 999,
    table: 9999,
    at: 999_999_999_999_999,
    turn: 999,
    active: 'b',
    phase: 'running',
    leftMs: -999_999_999,
    extensionUsed: { a: true, b: true },
    cp: { a: 999, b: 999 },
    diceDown: true,
    timeOut: true,
    resultIn: true,
    dispute: true,
  };
  const code = await encodeHallState(worst, await tableKey(secret, ticketId({ eventId, round: 999, table: 9999 })));
  const doc = JSON.stringify({ _id: `clock:${code.slice(-16)}`, type: 'clock', code, at: 999_999_999_999_999 });
  report('clock state document, largest (bytes)', String(doc.length), '<= 256');
  const keys = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((table) => tableKey(secret, ticketId({ eventId, round: 1, table }))));
  const codes: string[] = [];
  for (let i = 0; i < 360; i++)
    for (let table = 1; table <= 8; table++)
      codes.push(await encodeHallState({ ...worst, round: 1, table, at: 1_800_000_000_000 + i * 10_000, turn: 1 + (i % 7), leftMs: 600_000 - i * 1000 }, keys[table - 1]!));
  const t0 = performance.now();
  let ok = 0;
  for (const c of codes) if ((await checkHallState(c, eventId, secret)).ok) ok++;
  const ms = performance.now() - t0;
  if (ok !== codes.length) throw new Error(`hall bench: ${codes.length - ok} genuine states refused`);
  report(`checking a round's states (${codes.length}, 8 tables x 1 h)`, `${Math.round(ms)} ms`, 'one catch-up');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchHall((what, value, target = '') => console.log(`${what.padEnd(58)} ${value.padStart(12)}   ${target}`));
}
