import { TOURS } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { TOUR_STEPS } from './tour-steps';

describe('tour steps', () => {
  it('have the step count the spec gives each tour', () => {
    for (const [id, steps] of Object.entries(TOUR_STEPS)) {
      expect(steps.length, id).toBe(TOURS[id as keyof typeof TOURS].steps);
    }
  });

  it('cover every tour', () => {
    expect(Object.keys(TOUR_STEPS).sort()).toEqual(Object.keys(TOURS).sort());
  });

  it('pause the search tour before its third step (index 2), and only there first', () => {
    const steps = TOUR_STEPS['prospect-search']!;
    expect(steps.findIndex((step) => step.afterResults)).toBe(2);
  });
});
