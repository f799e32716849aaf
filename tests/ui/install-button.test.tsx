// @vitest-environment jsdom
// The install button shows only while the browser offers the install, asks the browser's own
// dialog from the tap, and is gone once the app is installed.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { catchInstallOffer } from '../../src/platform/install';
import { InstallButton } from '../../src/ui/components/InstallButton';

afterEach(cleanup);
catchInstallOffer(window);

function offer(): { prompted: () => number; prevented: () => boolean } {
  let prompted = 0;
  const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: async () => void prompted++,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => void window.dispatchEvent(e));
  return { prompted: () => prompted, prevented: () => e.defaultPrevented };
}

describe('install button', () => {
  it('is hidden until the browser offers the install, then prompts once from the tap', async () => {
    render(<InstallButton />);
    expect(screen.queryByTestId('install')).toBeNull();
    const o = offer();
    expect(o.prevented()).toBe(true);
    const button = screen.getByRole('button', { name: 'Installer l’application' });
    await act(async () => void fireEvent.click(button));
    expect(o.prompted()).toBe(1);
    // an offer is used once: the browser makes a new one if the user declined
    expect(screen.queryByTestId('install')).toBeNull();
  });

  it('disappears once the app is installed', () => {
    render(<InstallButton />);
    offer();
    expect(screen.getByTestId('install')).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByTestId('install')).toBeNull();
  });
});
