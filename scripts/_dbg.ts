import { serializeEventFile } from '../src/domain/event-file';
import { bigEvent } from '../tests/fixtures/big-events';
import { openApp, serveDist, startChromium, tempProfile, waitForServiceWorker } from '../tests/e2e/harness';
const served = await serveDist(); const profile = tempProfile(); const chrome = await startChromium(profile.dir);
try {
  const page = await openApp(chrome.context, served.url);
  await waitForServiceWorker(page);
  const ev = bigEvent('sr2011', 50, 4096, 3);
  await page.locator('input[type=file]').setInputFiles({ name: 'g.json', mimeType: 'application/json', buffer: Buffer.from(serializeEventFile(ev)) });
  await page.getByRole('link', { name: /Grand Tournoi/ }).first().click();
  await page.locator('nav.tabs a', { hasText: 'Joueurs' }).click();
  await page.getByTestId('players-table').waitFor();
  console.log(await page.evaluate(() => { const t = document.querySelector('.players-table') as HTMLElement; return [t.getBoundingClientRect().width, getComputedStyle(t).width, getComputedStyle(t).display, (t.parentElement as HTMLElement).getBoundingClientRect().width, [...t.querySelectorAll('thead th')].map(th => th.className + ':' + th.getBoundingClientRect().width + ':' + getComputedStyle(th).display)]; }));
  await page.locator('.players-scroll').screenshot({ path: '/tmp/14p-players-1024.png' });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.waitForTimeout(300);
  await page.locator('.players-scroll').screenshot({ path: '/tmp/14p-players-768.png' });
  await page.locator('nav.tabs a', { hasText: 'Rondes' }).click();
  await page.getByTestId('pairings-table').waitFor();
  await page.waitForTimeout(300);
  await page.locator('.pairings-scroll').screenshot({ path: '/tmp/14p-rounds-768.png' });
  await page.locator('nav.tabs a', { hasText: 'Classement' }).click();
  await page.getByTestId('standings-table').waitFor();
  await page.locator('.standings-rows').screenshot({ path: '/tmp/14p-standings-768.png' });
} finally { await chrome.close(); await served.stop(); profile.remove(); }
