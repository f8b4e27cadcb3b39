import crypto from 'node:crypto';
import { AppError, COMPANY_MESSAGES, ENRICHMENT_PREFERENCES, LOGO_MAX_SIDE, type EnrichmentPreferenceId } from '@leadline/shared';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './company.repository.js';

/** Where the team's logo is served; the version makes each upload a new address. */
export const LOGO_PATH = '/user/logo';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** JPEG or PNG by the file's first bytes, whatever its name or declared type says. */
export function logoFormatOf(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

const invalidImage = () => new AppError('VALIDATION_FAILED', COMPANY_MESSAGES.logoType, { field: 'file' });

/**
 * Decodes the upload and writes a fresh PNG of at most LOGO_MAX_SIDE pixels a side: only pixels
 * survive, so anything appended to or hidden in the file (scripts, metadata) is dropped.
 */
export async function reencodeLogo(bytes: Buffer): Promise<Buffer> {
  const format = logoFormatOf(bytes);
  if (!format) throw invalidImage();
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .toFormat(format === 'png' ? 'png' : 'jpeg')
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', COMPANY_MESSAGES.logoType, { field: 'file', cause: error });
  }
}

/** Stores the team's new logo (owner, admins and members: the Company tab is everyone's). */
export async function uploadLogo(db: Kysely<DB>, actor: Actor, bytes: Buffer): Promise<{ logoUrl: string }> {
  const png = await reencodeLogo(bytes);
  const version = crypto.createHash('sha256').update(png).digest('hex').slice(0, 16);
  const logoUrl = `${LOGO_PATH}?v=${version}`;
  await repo.saveTeamLogo(db, actor.teamId, { png, version, logoUrl });
  return { logoUrl };
}

export async function readLogo(db: Kysely<DB>, actor: Actor) {
  const logo = await repo.findTeamLogo(db, actor.teamId);
  if (!logo) throw new AppError('NOT_FOUND', 'No logo uploaded.');
  return logo;
}

/**
 * The company's part of `PUT /userInfo` and of onboarding's company step: the team's name and
 * website (both or neither), and its enrichment preference. `db` may be the caller's transaction.
 */
export async function updateCompanyInfo(
  db: Kysely<DB>,
  teamId: string,
  input: { companyName?: string | undefined; domain?: string | undefined; enrichmentPreferenceId?: EnrichmentPreferenceId | undefined },
) {
  if (input.companyName !== undefined && input.domain !== undefined) {
    await repo.updateTeamCompany(db, teamId, { name: input.companyName, website: input.domain });
  }
  if (input.enrichmentPreferenceId !== undefined) {
    await repo.updateTeamEnrichmentPreference(db, teamId, ENRICHMENT_PREFERENCES[input.enrichmentPreferenceId]);
  }
}
