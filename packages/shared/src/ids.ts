import { z } from 'zod';

/**
 * Any 8-4-4-4-12 hexadecimal id, what PostgreSQL's uuid type accepts. Route schemas use
 * z.uuid(), which also checks the version and variant; this one decides whether a free-form
 * string can be compared with a uuid column at all.
 */
export const AnyUuid = z.guid();

export const isUuid = (value: string) => AnyUuid.safeParse(value).success;
