/** One feature's messages: the English dictionary must have exactly the French keys. */
export function defineMessages<const F extends Record<string, string>>(m: { fr: F; en: Record<keyof F, string> }): { fr: F; en: Record<keyof F, string> } {
  return m;
}
