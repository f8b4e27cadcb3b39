import { describe, expect, it } from 'vitest';
import { domainOf, parsePdlRecord } from './pdl.js';

/** Shaped like a record from a PDL person dump, with fields we do not store left in. */
const PDL_PERSON = {
  id: 'qEnOZ5Oh0poWnQ1luFBfVw_0000',
  full_name: 'Ines Delacroix',
  first_name: 'ines',
  middle_initial: null,
  last_name: 'delacroix',
  sex: 'female',
  birth_year: 1988,
  linkedin_url: 'https://www.linkedin.com/in/ines-delacroix-4b1a2c/',
  linkedin_username: 'ines-delacroix-4b1a2c',
  linkedin_id: '123456789',
  facebook_url: null,
  twitter_url: null,
  github_url: null,
  github_username: null,
  work_email: 'Ines.Delacroix@Northwind-Labs.com',
  personal_emails: ['ines.delacroix@gmail.com'],
  mobile_phone: '+33612345678',
  industry: 'computer software',
  job_title: 'Senior Software Engineer',
  job_title_role: 'engineering',
  job_title_sub_role: 'software',
  job_title_class: 'research_and_development',
  job_title_levels: ['senior'],
  job_company_id: 'northwind-labs-pdl',
  job_company_name: 'northwind labs',
  job_company_website: 'northwind-labs.com',
  job_company_size: '201-500',
  job_company_founded: 2012,
  job_company_industry: 'computer software',
  job_company_linkedin_url: 'linkedin.com/company/northwind-labs',
  job_company_location_name: 'paris, île-de-france, france',
  job_company_location_locality: 'paris',
  job_company_location_country: 'france',
  job_company_location_continent: 'europe',
  job_company_inferred_revenue: '$25M-$50M',
  job_company_total_funding_raised: 42000000,
  job_company_employee_count: 310,
  job_company_type: 'private',
  job_last_changed: '2023-02-01',
  job_start_date: '2021-09',
  location_name: 'lyon, auvergne-rhône-alpes, france',
  location_locality: 'lyon',
  location_metro: null,
  location_region: 'auvergne-rhône-alpes',
  location_country: 'france',
  location_continent: 'europe',
  location_geo: '45.75,4.85',
  skills: ['TypeScript', 'postgresql', 'typescript', 'kubernetes'],
  interests: ['climbing'],
  languages: [{ name: 'french', proficiency: 5 }, { name: 'english', proficiency: 4 }],
  certifications: [{ name: 'aws certified developer', organization: 'amazon web services', start_date: '2022-01', end_date: null }],
  education: [
    {
      school: { name: 'université paris-saclay', type: 'post-secondary institution', id: 'x', location: { name: 'orsay, île-de-france, france' }, website: 'universite-paris-saclay.fr' },
      degrees: ['masters', 'master of science'],
      majors: ['computer science'],
      minors: [],
      gpa: null,
      start_date: '2009',
      end_date: '2011',
    },
    { school: null, degrees: [], majors: [], start_date: null, end_date: null },
  ],
  experience: [
    {
      company: {
        id: 'northwind-labs-pdl',
        name: 'northwind labs',
        size: '201-500',
        founded: 2012,
        industry: 'computer software',
        location: { name: 'paris, île-de-france, france', country: 'france', continent: 'europe', geo: '48.85,2.35' },
        linkedin_url: 'linkedin.com/company/northwind-labs',
        website: 'https://northwind-labs.com',
      },
      start_date: '2021-09',
      end_date: null,
      title: { name: 'senior software engineer', role: 'engineering', sub_role: 'software', levels: ['senior'], class: 'research_and_development' },
      location_names: ['lyon, auvergne-rhône-alpes, france'],
      is_primary: true,
    },
    { company: { name: 'blue harbor software', website: 'blueharbor.fr' }, start_date: '2015-03', end_date: '2021-08', title: { name: 'software engineer', levels: [] } },
  ],
  inferred_salary: '100,000-150,000',
  inferred_years_experience: 13,
  summary: 'builds things',
  dataset_version: '29.0',
};

describe('mapping a PDL person record', () => {
  it('keeps the fields we store, lower-cased and de-duplicated, and ignores the rest', () => {
    const parsed = parsePdlRecord(PDL_PERSON);
    expect(parsed.kind).toBe('person');
    if (parsed.kind !== 'person') return;
    expect(parsed.person.company).toEqual({ pdlId: 'northwind-labs-pdl', domain: 'northwind-labs.com' });
    expect(parsed.person.row).toEqual({
      pdl_id: 'qEnOZ5Oh0poWnQ1luFBfVw_0000',
      full_name: 'ines delacroix',
      first_name: 'ines',
      last_name: 'delacroix',
      job_title: 'senior software engineer',
      job_title_role: 'engineering',
      job_title_sub_role: 'software',
      job_title_levels: ['senior'],
      job_company_id: null,
      job_company_name: 'northwind labs',
      job_company_website: 'northwind-labs.com',
      job_company_size: '201-500',
      job_company_employee_count: 310,
      job_company_inferred_revenue: '$25M-$50M',
      job_company_total_funding_raised: 42000000,
      job_company_industry: 'computer software',
      job_company_type: 'private',
      job_company_location_name: 'paris, île-de-france, france',
      job_company_location_country: 'france',
      job_company_location_continent: 'europe',
      location_name: 'lyon, auvergne-rhône-alpes, france',
      location_country: 'france',
      location_continent: 'europe',
      location_locality: 'lyon',
      location_region: 'auvergne-rhône-alpes',
      skills: ['typescript', 'postgresql', 'kubernetes'],
      languages: ['french', 'english'],
      certifications: ['aws certified developer'],
      education: [
        { school: { name: 'université paris-saclay' }, degrees: ['masters', 'master of science'], majors: ['computer science'], start_date: '2009', end_date: '2011' },
        { school: null, degrees: [], majors: [], start_date: null, end_date: null },
      ],
      education_schools: ['université paris-saclay'],
      education_degrees: ['masters', 'master of science'],
      experience: [
        {
          title: { name: 'senior software engineer', levels: ['senior'], role: 'engineering', sub_role: 'software' },
          company: {
            name: 'northwind labs',
            website: 'northwind-labs.com',
            size: '201-500',
            industry: 'computer software',
            type: null,
            location: { name: 'paris, île-de-france, france', country: 'france', continent: 'europe' },
          },
          start_date: '2021-09',
          end_date: null,
          is_primary: true,
        },
        {
          title: { name: 'software engineer', levels: [], role: null, sub_role: null },
          company: { name: 'blue harbor software', website: 'blueharbor.fr', size: null, industry: null, type: null, location: null },
          start_date: '2015-03',
          end_date: '2021-08',
          is_primary: false,
        },
      ],
      sex: 'female',
      inferred_years_experience: 13,
      job_start_date: '2021-09',
      linkedin_url: 'linkedin.com/in/ines-delacroix-4b1a2c',
      linkedin_username: 'ines-delacroix-4b1a2c',
      github_url: null,
      github_username: null,
      facebook_url: null,
      work_email: 'ines.delacroix@northwind-labs.com',
      personal_emails: ['ines.delacroix@gmail.com'],
      mobile_phone: '+33612345678',
      has_work_email: true,
      has_personal_emails: true,
      has_mobile_phone: true,
    });
  });

  it('records that contact data exists when the bundle answers `true` instead of the value', () => {
    const parsed = parsePdlRecord({ full_name: 'a b', work_email: true, personal_emails: true, mobile_phone: false });
    expect(parsed.kind === 'person' && parsed.person.row).toMatchObject({
      work_email: null,
      personal_emails: [],
      mobile_phone: null,
      has_work_email: true,
      has_personal_emails: true,
      has_mobile_phone: false,
    });
  });

  it('refuses a field of the wrong type and names it', () => {
    expect(parsePdlRecord({ ...PDL_PERSON, job_title_levels: 'senior' })).toEqual({ kind: 'bad', reason: expect.stringMatching(/^job_title_levels: /) });
    expect(parsePdlRecord({ ...PDL_PERSON, job_company_employee_count: '310' })).toMatchObject({ kind: 'bad', reason: expect.stringMatching(/^job_company_employee_count: /) });
    expect(parsePdlRecord({ ...PDL_PERSON, experience: [{ title: { levels: 'vp' } }] })).toMatchObject({ kind: 'bad', reason: expect.stringMatching(/^experience\.0\.title\.levels: /) });
  });

  it('refuses a person without any name, and anything that is not an object', () => {
    expect(parsePdlRecord({ job_title: 'ceo' })).toMatchObject({ kind: 'bad', reason: expect.stringMatching(/^full_name: /) });
    expect(parsePdlRecord([1, 2])).toEqual({ kind: 'bad', reason: 'not a JSON object' });
    expect(parsePdlRecord(null)).toEqual({ kind: 'bad', reason: 'not a JSON object' });
  });

  it('removes what PostgreSQL cannot store instead of failing the batch', () => {
    const parsed = parsePdlRecord({ full_name: 'a\u0000b \uD800c', skills: ['\uDC00ok'] });
    expect(parsed.kind === 'person' && [parsed.person.row.full_name, parsed.person.row.skills]).toEqual(['ab c', ['ok']]);
  });
});

describe('mapping a PDL company record', () => {
  it('maps website to domain, revenue band to bounds and location to headquarters', () => {
    const parsed = parsePdlRecord({
      id: 'northwind-labs-pdl',
      name: 'Northwind Labs',
      display_name: 'Northwind Labs',
      website: 'https://www.northwind-labs.com/',
      industry: 'computer software',
      size: '201-500',
      employee_count: 310,
      linkedin_employee_count: 284,
      inferred_revenue: '$25M-$50M',
      total_funding_raised: 42000000.0,
      type: 'private',
      founded: 2012,
      location: { name: 'paris, île-de-france, france', locality: 'paris', country: 'france', continent: 'europe' },
      linkedin_url: 'linkedin.com/company/northwind-labs',
      tags: ['saas'],
    });
    expect(parsed).toEqual({
      kind: 'company',
      company: {
        pdl_id: 'northwind-labs-pdl',
        name: 'northwind labs',
        domain: 'northwind-labs.com',
        industry: 'computer software',
        size: '201-500',
        employee_count: 310,
        inferred_revenue: '$25M-$50M',
        revenue_lower_usd: 25_000_000,
        revenue_upper_usd: 50_000_000,
        total_funding_raised: 42000000,
        type: 'private',
        headquarters_country: 'france',
        headquarters_continent: 'europe',
        location_name: 'paris, île-de-france, france',
        linkedin_url: 'linkedin.com/company/northwind-labs',
        linkedin_employee_count: 284,
        founded: 2012,
      },
    });
  });

  it('leaves the bounds empty for the open top band and for an unknown band', () => {
    const top = parsePdlRecord({ name: 'big', inferred_revenue: '$10B+' });
    expect(top.kind === 'company' && [top.company.revenue_lower_usd, top.company.revenue_upper_usd]).toEqual([10_000_000_000, null]);
    const odd = parsePdlRecord({ name: 'odd', inferred_revenue: 'lots' });
    expect(odd.kind === 'company' && [odd.company.revenue_lower_usd, odd.company.revenue_upper_usd]).toEqual([null, null]);
  });
});

describe('domainOf', () => {
  it('reduces a website to its host the way PDL writes it', () => {
    expect(domainOf('HTTPS://www.Acme.co.uk:443/about?x=1')).toBe('acme.co.uk');
    expect(domainOf('acme.com')).toBe('acme.com');
    expect(domainOf('  ')).toBeNull();
  });
});
