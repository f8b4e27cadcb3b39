import { describe, expect, it } from 'vitest';
import { CREDIT_COSTS } from '../credits/index.js';
import { AGENT_COSTS } from './schemas.js';

describe('agent costs', () => {
  it('are the credit costs of spec §9', () => {
    expect(AGENT_COSTS).toEqual({ listBuilderRun: CREDIT_COSTS.agentListBuilder, researchQuery: CREDIT_COSTS.agentResearchQuery, aiEmail: CREDIT_COSTS.aiEmail });
  });
});
