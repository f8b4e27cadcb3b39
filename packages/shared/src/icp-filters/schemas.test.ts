import { describe, expect, it } from 'vitest';
import { ICP_MESSAGES, ICP_NAME_MAX } from './constants.js';
import { IcpCreateBody } from './schemas.js';

const vp = { label: 'VP', value: 'VP' };

describe('IcpCreateBody', () => {
  it('trims the name, keeps only the five ICP filters and stores canonical level values', () => {
    const body = IcpCreateBody.parse({ name: '  Sales VPs ', filters: { job_title_levels: [vp], skills: [vp] } });
    expect(body).toEqual({ name: 'Sales VPs', filters: { job_title_levels: [{ label: 'VP', value: 'vp', status: 'include' }] } });
  });

  it('needs a name of 1 to 75 characters and one filter value among the five', () => {
    const issue = (input: unknown) => IcpCreateBody.safeParse(input).error?.issues[0]?.message;
    expect(issue({ name: ' ', filters: { job_title_levels: [vp] } })).toBe(ICP_MESSAGES.nameRequired);
    expect(issue({ name: 'x'.repeat(ICP_NAME_MAX + 1), filters: { job_title_levels: [vp] } })).toBe(ICP_MESSAGES.nameTooLong);
    expect(issue({ name: 'x'.repeat(ICP_NAME_MAX), filters: { job_title_levels: [vp] } })).toBeUndefined();
    expect(issue({ name: 'None', filters: { industry: [] } })).toBe(ICP_MESSAGES.filterRequired);
  });
});
