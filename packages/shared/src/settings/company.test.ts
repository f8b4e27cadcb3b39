import { describe, expect, it } from 'vitest';
import { emailCost } from '../enrichment/rules.js';
import { ENRICHMENT_PREFERENCES, enrichmentPreferenceOf, type EnrichmentPreferenceId } from './company.js';

describe('enrichment preferences', () => {
  it('reads each choice back from the pair of user fields it writes', () => {
    for (const id of Object.keys(ENRICHMENT_PREFERENCES) as EnrichmentPreferenceId[]) {
      expect(enrichmentPreferenceOf(ENRICHMENT_PREFERENCES[id])).toBe(id);
    }
    expect(enrichmentPreferenceOf({ arePersonalEmailsPriority: false, databaseType: 'basic' })).toBe('work_emails');
    expect(enrichmentPreferenceOf({ arePersonalEmailsPriority: true, databaseType: 'basic' })).toBeNull();
  });

  it('prices an email found at 25, 50 and 100 credits for the three choices (spec §9)', () => {
    expect(emailCost(ENRICHMENT_PREFERENCES.work_emails)).toBe(25);
    expect(emailCost(ENRICHMENT_PREFERENCES.work_emails_premium)).toBe(50);
    expect(emailCost(ENRICHMENT_PREFERENCES.personal_emails_premium)).toBe(100);
  });
});
