/**
 * Campaign step variables: `{{firstName}}`, with an optional fallback `{{firstName|there}}` used
 * when the lead has no value. Unknown names are refused when a step is saved, not at send.
 */

/** The variables a step may use, and the lead field each reads. */
export const CAMPAIGN_VARIABLES = ['firstName', 'lastName', 'fullName', 'companyName', 'jobTitle', 'email', 'city', 'country', 'industry', 'senderName'] as const;
export type CampaignVariable = (typeof CAMPAIGN_VARIABLES)[number];
export type VariableValues = Partial<Record<CampaignVariable, string | null>>;

const VARIABLE = /\{\{\s*([^{}|]*?)\s*(?:\|([^{}]*))?\}\}/g;
const KNOWN = new Set<string>(CAMPAIGN_VARIABLES);

/** The unknown variable names a template uses, in order of appearance, each once. */
export function unknownVariables(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(VARIABLE)) if (!KNOWN.has(match[1] ?? '')) unknown.add(match[1] ?? '');
  return [...unknown];
}

export const unknownVariableMessage = (names: string[]) => `Unknown variable${names.length > 1 ? 's' : ''}: ${names.map((n) => `{{${n}}}`).join(', ')}. Use one of ${CAMPAIGN_VARIABLES.map((n) => `{{${n}}}`).join(', ')}.`;

/** The template with each variable replaced by the lead's value, else its fallback, else nothing. */
export function renderTemplate(template: string, values: VariableValues): string {
  return template.replace(VARIABLE, (_whole, name: string, fallback: string | undefined) => {
    const value = values[name as CampaignVariable]?.trim();
    return value ? value : (fallback ?? '').trim();
  });
}
