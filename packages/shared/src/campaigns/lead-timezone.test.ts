import { describe, expect, it } from 'vitest';
import { leadTimezone } from './lead-timezone.js';
import { nextWindowTime } from './schedule.js';

describe('leadTimezone', () => {
  it.each([
    [{ country: 'France', region: 'Ile-De-France', city: 'Paris' }, 'Europe/Paris'],
    [{ country: 'germany' }, 'Europe/Berlin'],
    [{ country: 'GB' }, 'Europe/London'],
    [{ country: 'India', city: 'Bengaluru' }, 'Asia/Kolkata'],
    [{ country: 'Japan' }, 'Asia/Tokyo'],
  ])('places a country with one zone by its name or code: %o', (location, zone) => {
    expect(leadTimezone(location)).toBe(zone);
  });

  it.each([
    [{ country: 'United States', region: 'California', city: 'San Francisco' }, 'America/Los_Angeles'],
    [{ country: 'united states', region: 'new york' }, 'America/New_York'],
    [{ country: 'US', region: 'TX' }, 'America/Chicago'],
    [{ country: 'USA', region: 'Arizona' }, 'America/Phoenix'],
    [{ country: 'United States', region: 'Hawaii' }, 'Pacific/Honolulu'],
    [{ country: 'Canada', region: 'British Columbia' }, 'America/Vancouver'],
    [{ country: 'canada', region: 'QC' }, 'America/Toronto'],
    [{ country: 'Australia', region: 'Western Australia' }, 'Australia/Perth'],
    [{ country: 'Australia', region: 'NSW' }, 'Australia/Sydney'],
    [{ country: 'Brazil', region: 'São Paulo' }, 'America/Sao_Paulo'],
    [{ country: 'Brasil', region: 'Amazonas' }, 'America/Manaus'],
    [{ country: 'Russia', region: 'Novosibirsk Oblast' }, 'Asia/Novosibirsk'],
    [{ country: 'Russian Federation', region: 'Moscow' }, 'Europe/Moscow'],
    [{ country: 'Mexico', region: 'Nuevo León' }, 'America/Monterrey'],
    [{ country: 'Mexico', region: 'Baja California' }, 'America/Tijuana'],
    [{ country: 'Spain', region: 'Canary Islands' }, 'Atlantic/Canary'],
    [{ country: 'Spain', region: 'Catalonia' }, 'Europe/Madrid'],
  ])('places a lead of a multi-zone country by its region: %o', (location, zone) => {
    expect(leadTimezone(location)).toBe(zone);
  });

  it('falls back on a large city when the region is missing', () => {
    expect(leadTimezone({ country: 'United States', city: 'Seattle' })).toBe('America/Los_Angeles');
    expect(leadTimezone({ country: 'Canada', city: 'Calgary' })).toBe('America/Edmonton');
  });

  it('answers null when the location does not say (the campaign zone applies)', () => {
    expect(leadTimezone({})).toBeNull();
    expect(leadTimezone({ country: null, region: 'California' })).toBeNull();
    expect(leadTimezone({ country: 'United States' })).toBeNull();
    expect(leadTimezone({ country: 'United States', region: 'Atlantis', city: 'Smalltown' })).toBeNull();
    expect(leadTimezone({ country: 'Narnia' })).toBeNull();
  });

  it('only ever answers zones the runtime knows', async () => {
    const source = await import('node:fs').then((fs) => fs.readFileSync(new URL('./lead-timezone.ts', import.meta.url), 'utf8'));
    const zones = [...source.matchAll(/'([A-Z][A-Za-z_]+\/[A-Za-z_/]+)'/g)].map((m) => m[1]!);
    expect(zones.length).toBeGreaterThan(80);
    for (const zone of zones) expect(() => nextWindowTime(new Date(), { timezone: zone, days: [1], start: '09:00', end: '17:00' }), zone).not.toThrow();
  });
});
