// Refusals are codes with parameters, never prose: the UI owns the wording, in each language.
export interface Refusal {
  code: string;
  params: Record<string, string | number>;
}

export function refuse(code: string, params: Record<string, string | number> = {}): Refusal {
  return { code, params };
}

/** Thrown by a fold over a log that holds an action its state cannot accept (a corrupt file). */
export class CampaignError extends Error {
  constructor(
    readonly refusal: Refusal,
    /** position in the action list, -1 when not tied to one */
    readonly index: number,
  ) {
    super(`${refusal.code} ${JSON.stringify(refusal.params)} at ${index}`);
  }
}
