import type { ColumnType, Generated } from 'kysely';
import type { CampaignStepType } from '@leadline/shared/campaigns/index';
import type { StoredVariant } from './schema-campaigns.js';

/** One step of a template, as a campaign step is given to the API. */
export type StoredTemplateStep = {
  type: CampaignStepType;
  delayDays: number;
  businessDays: boolean;
  subject: string | null;
  body: string | null;
  variants: StoredVariant[] | null;
  newThread: boolean;
};

export interface CampaignTemplatesTable {
  id: Generated<string>;
  team_id: string;
  created_by: string | null;
  name: string;
  description: string | null;
  steps: ColumnType<StoredTemplateStep[], string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
