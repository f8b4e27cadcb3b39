import { describe, expect, it } from 'vitest';
import { prospectFileProblem } from './file-checks.js';
import { LISTS_MESSAGES } from './schemas.js';

describe('prospect file checks (spec §5)', () => {
  it('answers the spec message of the first check a file fails', () => {
    expect(prospectFileProblem({ headers: ['Full Name'], rowCount: 0, blankCounts: [0] })).toBe(LISTS_MESSAGES.fileEmpty);
    expect(prospectFileProblem({ headers: [], rowCount: 0, blankCounts: [] })).toBe(LISTS_MESSAGES.fileEmpty);
    expect(prospectFileProblem({ headers: ['Name', 'Company'], rowCount: 2, blankCounts: [0, 0] })).toBe(LISTS_MESSAGES.fullNameColumnMissing);
    expect(prospectFileProblem({ headers: ['Company', 'Full Name'], rowCount: 2, blankCounts: [0, 1] })).toBe(LISTS_MESSAGES.fullNameValueMissing);
  });

  it('accepts a file with a name in every row, whatever the header case and spaces', () => {
    expect(prospectFileProblem({ headers: ['Company', ' full name '], rowCount: 2, blankCounts: [2, 0] })).toBeNull();
  });
});
