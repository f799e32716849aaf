// Shared by the issue-12 e2e files: an event with the longest names a French hall has, and the
// check that a page does not scroll sideways, nor any box in it (a table in an overflow box).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { EventFile, SystemId } from '../../src/domain/event-file';
import { makePlayer } from '../fixtures/events';

/** Sixteen players, the longest names a French hall has, with clubs and factions. */
export const LONG_NAMES = [
  'Pierre-Yves Morel-Delacroix',
  'Marie-Bérénice de La Tour-Maubourg',
  'Jean-Baptiste Lefèvre-Pontalis',
  'Anne-Sophie Le Goff-Kerbrat',
  'Charles-Édouard de Gaulle-Fontenay',
  'Éléonore Château-Renaud',
  'François-Xavier Dupont-Aignan',
  'Hélène Œuvray-Saint-Amand',
  'Louis-Philippe d’Artagnan-Castelmore',
  'Amélie Lefèvre-Dubois',
  'Côme Ducasse-Villeneuve',
  'Daphné Beaumont-Lancourt',
  'Guillaume Saint-Exupéry-Roche',
  'Bérénice Montmorency-Laval',
  'Théodore Vandenberghe',
  'Ségolène Marchand-Rivière',
];

export function longEvent(system: SystemId, name: string, points: number, lists = false): EventFile {
  return {
    format: 'wargame-event',
    version: 1,
    system,
    name,
    date: '2026-12-05',
    settings: { points, variants: [], rounds: null },
    players: LONG_NAMES.map((n, i) =>
      makePlayer(i + 1, {
        name: n,
        nickname: undefined,
        club: ['Les Dragons de Villeurbanne', 'Club de jeux de Saint-Quentin-en-Yvelines', 'Ludothèque de Clermont-Ferrand'][i % 3],
        faction: system === 'sr2011' ? ['Protectorate of Menoth', 'Retribution of Scyrah', 'Circle Orboros', 'Cryx'][i % 4] : undefined,
        lists: lists ? [{ caster: 'Stryker', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Ironclad', cost: 7 }] }] : [],
      }),
    ),
    rounds: [],
  } as EventFile;
}

export async function sideways(p: Page): Promise<{ scroll: number; view: number; culprit: string }> {
  return p.evaluate(() => {
    const d = document.documentElement;
    const view = d.clientWidth;
    // the widest element past the right edge, to name in a failure
    let culprit = '';
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > view + 1 && r.width > 0 && getComputedStyle(el).position !== 'fixed') {
        culprit = `${el.tagName.toLowerCase()}.${(el as HTMLElement).className}`.slice(0, 80) + ` (${Math.round(r.right)} px)`;
        break;
      }
    }
    // a box of its own that scrolls sideways (a table in an overflow box) counts as well
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const o = getComputedStyle(el).overflowX;
      if ((o === 'auto' || o === 'scroll') && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        const edge = el.getBoundingClientRect().left + el.clientWidth;
        // the text past the box's edge (a word wider than its cell overflows as text, not as an element)
        let what = '';
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(n);
          const r = range.getBoundingClientRect();
          if (r.width > 0 && r.right > edge + 1) {
            what = ` text « ${(n.textContent ?? '').slice(0, 40)} » in ${(n.parentElement?.className ?? '') || n.parentElement?.tagName.toLowerCase()} (${Math.round(r.right - edge)} px past)`;
            break;
          }
        }
        // each column's width, to see which one pushed
        const widths = Array.from(el.querySelectorAll('thead th'))
          .map((th) => `${(th.textContent ?? '').trim()}:${Math.round(th.getBoundingClientRect().width)}`)
          .join(',');
        return {
          scroll: view + el.scrollWidth - el.clientWidth,
          view,
          culprit: `inner box ${el.tagName.toLowerCase()}.${el.className} (${el.scrollWidth} px in ${el.clientWidth} px)${what}${widths ? ` [${widths}]` : ''}`.slice(0, 600),
        };
      }
    }
    return { scroll: d.scrollWidth, view, culprit: d.scrollWidth > view ? culprit : '' };
  });
}

/** Text cut by a hidden overflow (fixed full-screen views cannot scroll, so they cut instead). */
export async function clippedText(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const view = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-testid=turn], h1, h2, .player-name'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.left < -1 || r.right > view + 1)) out.push(el.textContent ?? '');
    }
    return out;
  });
}

/** Names and headers: the words (between spaces and hyphens) split across two lines, « Sop / hie ». */
export async function brokenWords(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const where = '.player-name, .standings-table tbody th, .sp-table tbody th, .bracket-name, thead th, h1, h2, h3, .card-title, .public td';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(where))) {
      if (el.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        const word = /[^\s\-\u2010\u2011\u2013\u2014/·,;:()«»]{2,}/g;
        for (let m = word.exec(text); m; m = word.exec(text)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.bottom)),
          );
          if (lines.size > 1) out.push(`${m[0]} (${el.className || el.tagName.toLowerCase()})`);
        }
      }
    }
    return out;
  });
}

/** A badge's words run into the text before it (« 1 roundRound running »): read as the page renders them. */
export async function runIns(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    for (const badge of Array.from(document.querySelectorAll<HTMLElement>('.badge, .sp-badge'))) {
      const own = badge.innerText.trim();
      const block = badge.parentElement?.closest<HTMLElement>('a, p, td, th, li, div, span, label') ?? badge.parentElement;
      if (!own || !block) continue;
      const text = block.innerText;
      const at = text.indexOf(own);
      if (at > 0 && !/[\s(«]/.test(text[at - 1]!)) out.push(text.slice(Math.max(0, at - 20), at + own.length));
    }
    return out;
  });
}

export async function expectNoSideways(p: Page, where: string): Promise<void> {
  expect(await clippedText(p), `${where}: text cut at the screen's edge`).toEqual([]);
  expect(await brokenWords(p), `${where}: names or headers broken inside a word`).toEqual([]);
  expect(await runIns(p), `${where}: a badge runs into the text before it`).toEqual([]);
  const r = await sideways(p);
  expect(`${where}: ${r.scroll} px in ${r.view} px ${r.culprit}`).toBe(`${where}: ${r.view} px in ${r.view} px `);
}
