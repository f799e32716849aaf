// The ways the end-to-end tests of a tournament day start: the organizer's tablet syncing
// through PouchDB Server on localhost (hall, intake, self-registration); the tablet with a table
// phone in the same browser, both installed and then offline (results desk, tournament day); two
// devices in two browsers, each with a camera, offline (table mode, a round of every system).
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { blankFrame, cameraFlags } from './camera';
import { openApp, serveDist, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';

export interface SyncedOrganizer {
  server: PouchServer;
  served: Served;
  chrome: RunningChromium;
  /** the organizer's tablet (1024x768), its service worker in control */
  org: Page;
  /** stops the browser, the app's server and PouchDB Server (close the test's own contexts first) */
  close: () => Promise<void>;
}

/** PouchDB Server with the databases `dbs` made, the built app served, Chromium on `profileDir` and the organizer's page. */
export async function syncedOrganizer(profileDir: string, dbs: readonly string[]): Promise<SyncedOrganizer> {
  const server = await startPouchServer();
  for (const db of dbs) await fetch(`${server.url}/${db}`, { method: 'PUT' });
  const served = await serveDist();
  const chrome = await startChromium(profileDir);
  const org = await openApp(chrome.context, served.url);
  await waitForServiceWorker(org);
  return {
    server,
    served,
    chrome,
    org,
    close: async () => {
      await chrome.close();
      await served.stop();
      await server.stop();
    },
  };
}

export interface TabletAndPhone {
  served: Served;
  browser: RunningChromium;
  /** the organizer's tablet (1024x768) */
  org: Page;
  /** a table phone (390x844) in a context of its own: its own storage */
  phoneContext: BrowserContext;
  phone: Page;
  close: () => Promise<void>;
}

/**
 * The organizer's tablet and a table phone in one Chromium on `profileDir` (with `flags`, e.g. a
 * fake camera), both with the app installed by its service worker; then offline to the end: the
 * app's server stopped and both contexts cut from the network.
 */
export async function offlineTabletAndPhone(profileDir: string, flags: string[] = []): Promise<TabletAndPhone> {
  const served = await serveDist();
  const browser = await startChromium(profileDir, flags);
  const org = await openApp(browser.context, served.url);
  const phoneContext = await browser.browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await phone.goto(served.url);
  await phone.waitForSelector('body[data-ready="true"]');
  await Promise.all([waitForServiceWorker(org), waitForServiceWorker(phone)]);
  // offline from here to the end: nothing below reaches the network
  await served.stop();
  await Promise.all([browser.context.setOffline(true), phoneContext.setOffline(true)]);
  return {
    served,
    browser,
    org,
    phoneContext,
    phone,
    close: async () => {
      await phoneContext.close().catch(() => undefined);
      await browser.close();
      await served.stop();
    },
  };
}

export interface TwoDevices {
  served: Served;
  organizer: RunningChromium;
  phone: RunningChromium;
  /** the organizer's page (1024x768) and the table's, each in its own Chromium process and profile */
  org: Page;
  tab: Page;
  /** the Y4M files the organizer's and the phone's cameras read (blank until a test holds a QR up) */
  organizerCam: string;
  phoneCam: string;
  close: () => Promise<void>;
}

/** The organizer's tablet and a table phone as two devices with no network between them: two Chromium processes, each with a fake camera, the app installed, then offline. */
export async function twoDevicesOffline(): Promise<TwoDevices> {
  const served = await serveDist();
  const dirs = [tempProfile(), tempProfile()] as const;
  const organizerCam = join(dirs[0].dir, 'camera.y4m');
  const phoneCam = join(dirs[1].dir, 'camera.y4m');
  // Chromium reads the file's header when it lists cameras: a blank frame until there is a QR
  for (const cam of [organizerCam, phoneCam]) blankFrame(cam);
  const [organizer, phone] = await Promise.all([startChromium(dirs[0].dir, cameraFlags(organizerCam)), startChromium(dirs[1].dir, cameraFlags(phoneCam))]);
  const [org, tab] = await Promise.all([openApp(organizer.context, served.url), openApp(phone.context, served.url)]);
  await Promise.all([waitForServiceWorker(org), waitForServiceWorker(tab)]);
  await served.stop();
  await Promise.all([organizer.context.setOffline(true), phone.context.setOffline(true)]);
  return {
    served,
    organizer,
    phone,
    org,
    tab,
    organizerCam,
    phoneCam,
    close: async () => {
      await Promise.all([organizer.close(), phone.close()]);
      await served.stop();
      for (const d of dirs) d.remove();
    },
  };
}
