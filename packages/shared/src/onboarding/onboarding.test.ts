import { describe, expect, it } from 'vitest';
import { normalizeDomain } from './domains.js';
import { isBehindStep, isOnboarding, onboardingStepIndex, TOUR_IDS, TOURS } from './steps.js';

describe('normalizeDomain', () => {
  it('reduces a typed URL to its host name', () => {
    expect(normalizeDomain('  https://www.Acme.com/pricing?x=1 ')).toBe('acme.com');
    expect(normalizeDomain('shop.acme.co.uk:8080/')).toBe('shop.acme.co.uk');
    expect(normalizeDomain('acme.com.')).toBe('acme.com');
  });

  it('answers null for what is no domain', () => {
    for (const value of ['', '   ', 'acme', 'acme .com', 'http://', '-acme.com', 'acme.c']) expect(normalizeDomain(value), value).toBeNull();
  });
});

describe('onboarding steps', () => {
  it('orders the steps and puts finished (and anything unknown) past them', () => {
    expect(['plan', 'company', 'integrations', 'power-ups', 'finished'].map(onboardingStepIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(isBehindStep('company', 'integrations')).toBe(true);
    expect(isBehindStep('power-ups', 'integrations')).toBe(false);
    expect(isBehindStep('finished', 'company')).toBe(false);
    expect(isOnboarding('company')).toBe(true);
    expect(isOnboarding('finished')).toBe(false);
  });

  it('lists every tour once', () => {
    expect([...TOUR_IDS].sort()).toEqual(Object.keys(TOURS).sort());
  });
});
