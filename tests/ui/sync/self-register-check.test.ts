// Issue 20: a player's own registration is checked with one function on the phone (the public
// page's rules) and on the organizer's device (the event itself): lists by the system's rules,
// every problem in words, a namesake flagged and never merged.
import { describe, expect, it } from 'vitest';
import { loadMessages, translator } from '../../../src/i18n';
import { checkSelfRegistration, openRegistration, publicEvent, takesPastedLists } from '../../../src/ui/sync/self-register-check';
import { makeEvent, makePlayer } from '../../fixtures/events';

const LIST_A = ['Stryker (+6)', '- Ironclad 7', '* Lancer : 6 pts', '• Stormblade Infantry (max) - 9', '2x Arcane Tempest Gun Mage Officer 2', 'Journeyman Warcaster = 3'].join(
  '\n',
);
const LIST_B = ['Haley2 : bonus 5', 'Defender 9', 'Charger 6', 'Trencher Infantry (max) 10', 'Journeyman Warcaster 3'].join('\n');

describe('a player registering themselves', () => {
  it('checks pasted lists with the event rules, in words', async () => {
    await loadMessages(['players']);
    const t = translator('fr');
    const event = publicEvent('sr2011', { points: 25, variants: [], rounds: null });
    expect(takesPastedLists('sr2011')).toBe(true);
    const ok = checkSelfRegistration({ name: ' Zoé Martin ', club: 'Lyon', faction: 'Cygnar', lists: [LIST_A, LIST_B] }, event, t, 'fr');
    expect(ok.problems).toEqual([]);
    expect(ok.fields).toEqual({ name: 'Zoé Martin', club: 'Lyon', faction: 'Cygnar' });
    expect(ok.lists.map((l) => l.caster)).toEqual(['Stryker', 'Haley2']);
    // a list over the points window and a line without a cost
    const bad = checkSelfRegistration({ name: 'Zoé Martin', club: '', faction: 'Cygnar', lists: [`${LIST_A}\nJuggernaut 7`, 'Haley2 +5\nDefender'] }, event, t, 'fr');
    const plain = bad.problems.map((p) => p.replace(/\u00a0|\u202f/g, ' '));
    expect(plain).toContain('Liste 2 : Ligne 2 : pas de coût lisible dans « Defender », ligne écartée.');
    expect(plain).toContain('Liste 1 : 36 points : 5 points de trop (maximum 31).');
    const noName = checkSelfRegistration({ name: '  ', club: '', faction: '', lists: [LIST_A, LIST_B] }, event, t, 'fr');
    expect(noName.problems).toContain('Le nom du joueur est obligatoire.');
    const tooMany = checkSelfRegistration({ name: 'X', club: '', faction: 'Cygnar', lists: [LIST_A, LIST_B, LIST_A, LIST_B, LIST_A] }, event, t, 'fr');
    expect(tooMany.problems.some((p) => /listes au plus/.test(p))).toBe(true);
  });

  it('flags a name already registered (case, accents and spaces aside) and never merges it', async () => {
    await loadMessages(['players']);
    const t = translator('en');
    const event = makeEvent({ settings: { points: 25, variants: [], rounds: null } });
    event.players = [makePlayer(1, { name: 'Zoé Martin', nickname: undefined })];
    const r = checkSelfRegistration({ name: 'zoe  MARTIN', club: '', faction: 'Cygnar', lists: [LIST_A, LIST_B] }, event, t, 'en');
    expect(r.twin?.number).toBe(1);
  });

  it('takes the public page registration block only when it is well formed', () => {
    const good = { intake: 'https://couch.example.org/open-intake', points: 50, variants: [], rounds: null };
    expect(openRegistration('sr2011', good)).toEqual({ system: 'sr2011', registration: good });
    expect(openRegistration('chess', good)).toBeNull();
    expect(openRegistration('sr2011', { ...good, intake: 'https://u:p@couch.example.org/x' })).toBeNull();
    expect(openRegistration('sr2011', { ...good, points: 1e12 })).toBeNull();
    expect(openRegistration('sr2011', { ...good, variants: 'all' })).toBeNull();
    expect(openRegistration('sr2011', null)).toBeNull();
  });
});
