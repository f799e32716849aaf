// The lazily loaded entry of the Warmaster campaign screens: one chunk, loaded on first use and
// precached by the service worker like every other.
export { CampaignHome } from './CampaignHome';
export { CampaignScreen } from './CampaignScreen';
