// @vitest-environment jsdom
// The Confrontation reference card: the tournament wound doubles and the disengage difficulty.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nContext, translator, type Lang } from '../../src/i18n';
import { ReferenceCard } from '../../src/ui/systems/confrontation/ReferenceCard';

afterEach(cleanup);

function renderCard(lang: Lang = 'fr', onClose?: () => void) {
  render(
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang() {} }}>
      <ReferenceCard onClose={onClose} />
    </I18nContext.Provider>,
  );
}

const rows = (id: string): string[][] =>
  within(screen.getByTestId(id))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => [...tr.children].map((c) => c.textContent ?? ''));

describe('reference card', () => {
  it('gives the challenge table size, 40 x 80 cm to 80 x 120 cm, in both languages', () => {
    renderCard();
    expect(screen.getByTestId('table-size').textContent).toBe('Table du défi\u00a0: de 40 × 80 cm à 80 × 120 cm');
    cleanup();
    renderCard('en');
    expect(screen.getByTestId('table-size').textContent).toBe('Challenge table: from 40 × 80 cm to 80 × 120 cm');
  });

  it('lists the wound doubles 1 to 6 as the tournament rules give them', () => {
    renderCard();
    expect(rows('wound-doubles')).toEqual([
      ['Double 1', 'aucun effet'],
      ['Double 2', 'sonné'],
      ['Double 3', 'blessure légère'],
      ['Double 4', 'blessure grave'],
      ['Double 5', 'blessure critique'],
      ['Double 6', 'tué net'],
    ]);
  });

  it('gives the disengage difficulty, 4 + 2 per opponent in contact', () => {
    renderCard();
    expect(rows('disengage-table')).toEqual([
      ['1', '6'],
      ['2', '8'],
      ['3', '10'],
      ['4', '12'],
    ]);
    expect(screen.getByTestId('disengage-result').textContent).toBe('4 + 2 × 1 = 6');
    const field = screen.getByRole('textbox', { name: 'Adversaires au contact' });
    fireEvent.input(field, { target: { value: '5' } });
    expect(screen.getByTestId('disengage-result').textContent).toBe('4 + 2 × 5 = 14');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter 1\u00a0: Adversaires au contact' }));
    expect(screen.getByTestId('disengage-result').textContent).toBe('4 + 2 × 6 = 16');
    fireEvent.input(field, { target: { value: '0' } });
    expect(screen.getByTestId('disengage-result').textContent).toBe('4 + 2 × 0 = 4');
    fireEvent.input(field, { target: { value: 'x' } });
    expect(screen.getByTestId('disengage-result').textContent).toBe('—');
  });

  it('speaks English and closes', () => {
    const onClose = vi.fn();
    renderCard('en', onClose);
    expect(rows('wound-doubles')[5]).toEqual(['Double 6', 'killed outright']);
    fireEvent.click(screen.getByRole('button', { name: '← Tools' }));
    expect(onClose).toHaveBeenCalled();
  });
});
