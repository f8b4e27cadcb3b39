import { describe, expect, it } from 'vitest';
import { inWindow, localDayStart, nextWindowTime, stepDueAt, zonedTime } from './schedule.js';

const weekdays = { timezone: 'Europe/Paris', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };
const at = (iso: string) => new Date(iso);

describe('campaign sending windows', () => {
  it('sends inside the window and waits for its start otherwise', () => {
    // Tuesday 2026-01-13, Paris is UTC+1.
    expect(nextWindowTime(at('2026-01-13T10:00:00Z'), weekdays).toISOString()).toBe('2026-01-13T10:00:00.000Z');
    expect(nextWindowTime(at('2026-01-13T06:00:00Z'), weekdays).toISOString()).toBe('2026-01-13T08:00:00.000Z');
    expect(nextWindowTime(at('2026-01-13T16:00:00Z'), weekdays).toISOString()).toBe('2026-01-14T08:00:00.000Z');
    expect(inWindow(at('2026-01-13T15:59:00Z'), weekdays)).toBe(true);
    expect(inWindow(at('2026-01-13T16:00:00Z'), weekdays)).toBe(false);
  });

  it('skips the weekend: Friday evening waits for Monday morning', () => {
    expect(nextWindowTime(at('2026-01-16T17:30:00Z'), weekdays).toISOString()).toBe('2026-01-19T08:00:00.000Z');
    expect(nextWindowTime(at('2026-01-17T12:00:00Z'), { ...weekdays, days: [6] }).toISOString()).toBe('2026-01-17T12:00:00.000Z');
  });

  it('reads the window in its own time zone', () => {
    const tokyo = { ...weekdays, timezone: 'Asia/Tokyo' };
    const newYork = { ...weekdays, timezone: 'America/New_York' };
    // 10:00 UTC Tuesday is 19:00 in Tokyo (closed) and 05:00 in New York (not yet open).
    expect(nextWindowTime(at('2026-01-13T10:00:00Z'), tokyo).toISOString()).toBe('2026-01-14T00:00:00.000Z');
    expect(nextWindowTime(at('2026-01-13T10:00:00Z'), newYork).toISOString()).toBe('2026-01-13T14:00:00.000Z');
    // Monday 23:30 UTC is already Tuesday 08:30 in Tokyo.
    expect(nextWindowTime(at('2026-01-12T23:30:00Z'), tokyo).toISOString()).toBe('2026-01-13T00:00:00.000Z');
  });

  it('keeps the wall-clock window across a daylight-saving change', () => {
    // Paris moves to UTC+2 on Sunday 2026-03-29: Friday opens at 08:00 UTC, Monday at 07:00 UTC.
    expect(nextWindowTime(at('2026-03-27T05:00:00Z'), weekdays).toISOString()).toBe('2026-03-27T08:00:00.000Z');
    expect(nextWindowTime(at('2026-03-27T17:00:00Z'), weekdays).toISOString()).toBe('2026-03-30T07:00:00.000Z');
    // A 2-day delay from Friday 10:00 local lands on Sunday 10:00 local, moved to Monday 09:00 local.
    expect(stepDueAt(at('2026-03-27T09:00:00Z'), 2, false, weekdays).toISOString()).toBe('2026-03-30T07:00:00.000Z');
    // Across the change a calendar day of delay keeps the local time: 10:00 Friday + 3 days = 10:00 Monday (08:00 UTC).
    expect(stepDueAt(at('2026-03-27T09:00:00Z'), 3, false, weekdays).toISOString()).toBe('2026-03-30T08:00:00.000Z');
    // The skipped hour maps forward; the repeated hour of the autumn change maps to its first occurrence.
    expect(zonedTime({ year: 2026, month: 3, day: 29 }, '02:30', 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedTime({ year: 2026, month: 10, day: 25 }, '02:30', 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localDayStart(at('2026-03-29T12:00:00Z'), 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('counts business days only on the window days', () => {
    // Thursday 10:00 local + 2 business days = Monday 10:00 local.
    expect(stepDueAt(at('2026-01-15T09:00:00Z'), 2, true, weekdays).toISOString()).toBe('2026-01-19T09:00:00.000Z');
    expect(stepDueAt(at('2026-01-15T09:00:00Z'), 2, false, weekdays).toISOString()).toBe('2026-01-19T08:00:00.000Z');
  });
});
