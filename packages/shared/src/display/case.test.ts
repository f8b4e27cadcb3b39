import { describe, expect, it } from 'vitest';
import { displayCase } from './case.js';

describe('displayCase', () => {
  it('shows a lower-case PDL value in Title Case', () => {
    expect(displayCase('mechanical engineering manager')).toBe('Mechanical Engineering Manager');
    expect(displayCase('jetstreamly freight')).toBe('Jetstreamly Freight');
    expect(displayCase('denver, colorado, united states')).toBe('Denver, Colorado, United States');
    expect(displayCase('logistics and supply chain')).toBe('Logistics and Supply Chain');
  });

  it('keeps the known abbreviations upper-case', () => {
    expect(displayCase('vp of it')).toBe('VP of IT');
    expect(displayCase('senior hr coordinator')).toBe('Senior HR Coordinator');
  });

  it('keeps a value that has capitals as it was typed', () => {
    expect(displayCase('McDonald’s')).toBe('McDonald’s');
    expect(displayCase('iPhone Team at ACME')).toBe('iPhone Team at ACME');
  });

  it('changes only the case: spacing, line breaks and punctuation stay', () => {
    expect(displayCase('new\nline')).toBe('New\nLine');
    expect(displayCase('-minus "q"')).toBe('-Minus "q"');
    expect(displayCase('human_resources')).toBe('Human_resources');
    expect(displayCase(' two  spaces ')).toBe(' Two  Spaces ');
  });

  it('gives an empty text for missing or blank values', () => {
    expect(displayCase(null)).toBe('');
    expect(displayCase(undefined)).toBe('');
    expect(displayCase('   ')).toBe('');
  });

  it("never shows a JavaScript object's own names: words like 'constructor' are plain words", () => {
    expect(displayCase('constructor')).toBe('Constructor');
    expect(displayCase('tostring engineer, hasownproperty')).toBe('Tostring Engineer, Hasownproperty');
    expect(displayCase('__proto__ vp,')).toBe('__proto__ VP,');
  });

  it('capitalises letters beyond ASCII and after separators as before', () => {
    expect(displayCase('éclair and (keeling) guinea-bissau/ñandú')).toBe('Éclair and (Keeling) Guinea-Bissau/Ñandú');
    expect(displayCase('vp; it.')).toBe('VP; IT.');
  });
});
