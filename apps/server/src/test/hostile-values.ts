import crypto from 'node:crypto';

/** The part of JSON Schema that the OpenAPI document of our zod schemas uses. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** A number token written into JSON text as it is (`1e999` parses to Infinity), which JSON.stringify cannot do. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson tokens and own `__proto__` keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const INT32 = 2 ** 31;

/** Texts that have broken servers: control characters, broken UTF-16, SQL and LIKE syntax, numbers in disguise. */
export const HOSTILE_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'x\u0001y\u001fz',
  'tab\there',
  'line\nbreak\r\n',
  '\ud800',
  'lone \udfff low',
  'a\ud83d',
  '\u202eevil',
  '\ufeffbom',
  '😀'.repeat(60),
  'e\u0301'.repeat(40),
  '',
  ' ',
  '   \n  ',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0.5',
  '1e309',
  '0x1F',
  String(INT32),
  String(-INT32 - 1),
  '9007199254740993',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%',
  '_',
  '\\',
  '%_\\%',
  "'",
  "'; drop table users; --",
  '" or 1=1 --',
  '$1',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '=cmd|\' /C calc\'!A0',
  '__proto__',
  'constructor',
  'a'.repeat(501),
  'b'.repeat(10_000),
  'c'.repeat(1_000_000),
  'ünïcödé Ωμέγα 漢字',
  '*',
  '**',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000g',
  '2020-13',
  '0000-00',
  'user@',
  '@example.com',
  'a@b.c\u0000',
];

/** Numbers beyond what the database's integer columns hold, fractions and JSON tokens beyond doubles. */
export const HOSTILE_NUMBERS: readonly unknown[] = [
  0.5,
  -0.5,
  1.0000001,
  INT32,
  INT32 - 1,
  -INT32,
  -INT32 - 1,
  2 ** 32,
  2 ** 53,
  2 ** 63,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  0,
  -1,
  new RawJson('-0'),
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('1E400'),
  new RawJson('123456789012345678901234567890'),
];

function deepNesting(depth: number, kind: 'array' | 'object'): RawJson {
  return kind === 'array' ? new RawJson('['.repeat(depth) + ']'.repeat(depth)) : new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
}

/** Shapes a field did not expect: arrays for objects, objects for arrays, deep nesting, prototype keys. */
export const HOSTILE_SHAPES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [{}],
  [null],
  ['a\u0000b'],
  { 0: 'x', length: 1 },
  { a: { b: { c: { d: 'deep' } } } },
  deepNesting(64, 'array'),
  deepNesting(5_000, 'array'),
  deepNesting(5_000, 'object'),
  new RawJson('{"__proto__":{"isAdmin":true,"teamId":"x"}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":true}}}'),
  new RawJson('{"__proto__":null}'),
  Array.from({ length: 10_001 }, () => crypto.randomUUID()),
  Array.from({ length: 2_000 }, (_, i) => ({ label: `v${i}`, value: `v${i}` })),
];

/** Query-string or path texts, already percent-encoded: NUL, invalid UTF-8 and encoded surrogates among them. */
export const HOSTILE_URL_TEXTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%80',
  '%FF%FE',
  '%E0%A4%A',
  '%',
  '%25',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  'NaN',
  '-0',
  '0.5',
  '1e309',
  String(INT32),
  String(-INT32 - 1),
  '9007199254740993',
  'true',
  '',
  '%20',
  '%01%1F',
  'x'.repeat(2_000),
  '__proto__',
  '%F0%9F%98%80',
];

/** Values the generator fills ids and free text with, so requests reach deep into services. */
export type ValuePools = { uuids: readonly string[]; words?: readonly string[] };

export type Random = () => number;
export const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

/** Where a generated value sits and the schema it was made from, for a later mutation. */
export type Slot = { path: Array<string | number>; schema: JsonSchema };

const WORDS = ['engineer', 'Acme', 'united states', 'sales', 'Berlin', 'python', 'director', 'x'];

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties || schema.additionalProperties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function stringFor(schema: JsonSchema, random: Random, pools: ValuePools): string {
  if (schema.format === 'uuid' || schema.pattern?.includes('[0-9a-fA-F]{8}')) {
    return random() < 0.8 && pools.uuids.length ? pick(random, pools.uuids) : crypto.randomUUID();
  }
  if (schema.format === 'email' || schema.pattern?.includes('@')) return `fuzz-${Math.floor(random() * 1e9)}@example.com`;
  if (schema.format === 'date-time') return new Date(Date.UTC(2024, 0, 1)).toISOString();
  if (schema.pattern?.includes('\\d{4}-')) return '2024-01';
  if (schema.pattern?.includes('A-Za-z0-9.')) return '127.0.0.1';
  if (schema.pattern?.includes('\\x21-\\x7e')) return crypto.randomUUID();
  let text = pick(random, pools.words ?? WORDS);
  const min = schema.minLength ?? 0;
  if (text.length < min) text = text.padEnd(min, 'x');
  if (schema.maxLength !== undefined && text.length > schema.maxLength) text = text.slice(0, schema.maxLength);
  return text;
}

function numberFor(schema: JsonSchema, random: Random, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
  const high = Math.min(schema.maximum ?? low + 100, low + 100);
  const value = low + random() * (high - low);
  return integer ? Math.floor(value) : value;
}

/**
 * A value that the schema accepts (as far as JSON Schema can say), recording each place in it
 * with its schema so that a caller can then replace one place with a hostile value.
 */
export function validValue(schema: JsonSchema, random: Random, pools: ValuePools, slots: Slot[] = [], path: Array<string | number> = [], depth = 0): unknown {
  slots.push({ path, schema });
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(random, schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const usable = branches.filter((b) => !typesOf(b).includes('null'));
    return validValue(pick(random, usable.length ? usable : branches), random, pools, slots, path, depth);
  }
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf), random, pools, slots, path, depth);
  const type = pick(random, typesOf(schema).filter((t) => t !== 'null').concat(typesOf(schema).length ? [] : ['string']));
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      const properties = Object.entries(schema.properties ?? {});
      // About two optional fields each time: a value of fifty fields would fail on one of them before any hostile value counts.
      const optional = Math.min(0.5, 2 / Math.max(1, properties.length - required.size));
      for (const [key, property] of properties) {
        if (required.has(key) || (depth < 6 && random() < optional)) out[key] = validValue(property, random, pools, slots, [...path, key], depth + 1);
      }
      return out;
    }
    case 'array': {
      const length = Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + Math.floor(random() * 3));
      return Array.from({ length }, (_, i) => validValue(schema.items ?? {}, random, pools, slots, [...path, i], depth + 1));
    }
    case 'integer':
      return numberFor(schema, random, true);
    case 'number':
      return numberFor(schema, random, false);
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    default:
      return stringFor(schema, random, pools);
  }
}

/** A hostile replacement for a value of this schema: mostly of its own type, sometimes of another shape. */
export function hostileFor(schema: JsonSchema, random: Random): unknown {
  const types = typesOf(schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema);
  const roll = random();
  if (roll < 0.15) return pick(random, HOSTILE_SHAPES);
  if (types.includes('integer') || types.includes('number')) return roll < 0.85 ? pick(random, HOSTILE_NUMBERS.slice(0, roll < 0.5 ? 8 : undefined)) : pick(random, HOSTILE_STRINGS);
  // Half the time one of the texts that break encodings: NUL, controls, lone surrogates.
  if (types.includes('string')) return roll < 0.9 ? pick(random, HOSTILE_STRINGS.slice(0, roll < 0.5 ? 8 : undefined)) : pick(random, HOSTILE_NUMBERS);
  if (types.includes('boolean')) return pick(random, [...HOSTILE_STRINGS.slice(0, 20), 0, 1]);
  return pick(random, [...HOSTILE_SHAPES, ...HOSTILE_STRINGS.slice(0, 10)]);
}

/** The value with the place at `path` replaced (a copy; the root path replaces everything). */
export function replaceAt(value: unknown, path: ReadonlyArray<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/** Adds a hostile own key (`__proto__`, `constructor`, an unknown name) to the object at a random place. */
export function withHostileKey(value: unknown, slots: Slot[], random: Random): unknown {
  const objects = slots.filter((s) => typesOf(s.schema).includes('object'));
  if (!objects.length || !value || typeof value !== 'object') return value;
  const slot = pick(random, objects);
  const key = pick(random, ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'a\u0000b', '\ud800']);
  const target = slot.path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);
  if (!target || typeof target !== 'object' || Array.isArray(target)) return value;
  const patched = Object.defineProperty({ ...(target as object) }, key, {
    value: pick(random, [{ polluted: true }, 'x', 1]),
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return replaceAt(value, slot.path, patched);
}
