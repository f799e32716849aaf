// Every feature's messages in one catalogue. A feature adds its module here (one line each).
import { coreEn } from './messages/core-en';
import { coreFr } from './messages/core-fr';
import { players } from './messages/players';
import { results } from './messages/results';
import { rounds } from './messages/rounds';
import { settings } from './messages/settings';
import { standings } from './messages/standings';
import { table } from './messages/table';
import { trust } from './messages/trust';
import { campaign } from './messages/campaign';
import { systemsTools } from './messages/systems-tools';
import { systemsUi } from './messages/systems-ui';
import { eventDay } from './messages/event-day';

const fr = { ...coreFr, ...players.fr, ...results.fr, ...rounds.fr, ...standings.fr, ...table.fr, ...settings.fr, ...trust.fr, ...campaign.fr, ...systemsTools.fr, ...systemsUi.fr, ...eventDay.fr };
export type MessageKey = keyof typeof fr;
const en: Record<MessageKey, string> = { ...coreEn, ...players.en, ...results.en, ...rounds.en, ...standings.en, ...table.en, ...settings.en, ...trust.en, ...campaign.en, ...systemsTools.en, ...systemsUi.en, ...eventDay.en };

export const CATALOG: Record<'fr' | 'en', Record<MessageKey, string>> = { fr, en };
