// The campaigns' registry: the kinds of campaign the app runs, each with its screens, loaded on
// first use. A campaign is no event system (a map, its players' moves, resources and battles; no
// rounds, pairings or standings), so it is not in the systems' registry (index.tsx); the app's
// routes reach it here without naming a kind. Adding a kind = its folder under src/ui/systems/
// and one line below.
import type { JSX } from 'preact';

/** The screens of one kind of campaign, as its lazily loaded chunk exports them. */
export interface CampaignScreens {
  /** the list of the campaigns, and a new one (#/campaigns) */
  CampaignHome: (props: object) => JSX.Element | null;
  /** one campaign (#/campaign/<id>) */
  CampaignScreen: (props: { id: string }) => JSX.Element | null;
}

export interface CampaignKind {
  /** the kind's screens, one chunk loaded on first use (precached like every other) */
  load: () => Promise<CampaignScreens>;
}

export const CAMPAIGN_KINDS = {
  // Warmaster (SCW), RULES.md 5
  warmaster: { load: () => import('./warmaster/CampaignScreens') },
} as const satisfies Record<string, CampaignKind>;

/**
 * The kind the campaign routes open. The store keeps one kind of campaign (store/campaigns.ts:
 * Warmaster's action log), so the routes carry no kind yet; a second kind adds it to the route.
 */
export const CAMPAIGN_ROUTES: CampaignKind = CAMPAIGN_KINDS.warmaster;
