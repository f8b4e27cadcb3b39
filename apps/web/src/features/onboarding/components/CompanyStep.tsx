import { COMPANY_MESSAGES, isValidWebsite, MAX_SUBPAGES, ONBOARDING_MESSAGES } from '@leadline/shared';
import { Button, Checkbox, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api';
import { CompanyLogo } from '../../company/components/CompanyLogo';
import { TeamSettings } from '../../team-management/components/TeamSettings';
import { useOnboardCompany, useOnboardingState } from '../api';
import { DomainListInput } from './DomainListInput';

type Problem = { field: 'companyName' | 'domain' | 'competitorDomains'; message: string };

/** The spec's checks in its order (spec/settings.md §5): name and website, the website, a competitor. */
export function companyProblem(values: { name: string; website: string; competitors: readonly string[] }): Problem | null {
  if (!values.name.trim()) return { field: 'companyName', message: COMPANY_MESSAGES.nameAndWebsiteRequired };
  if (!values.website.trim()) return { field: 'domain', message: COMPANY_MESSAGES.nameAndWebsiteRequired };
  if (!isValidWebsite(values.website)) return { field: 'domain', message: COMPANY_MESSAGES.invalidWebsite };
  if (values.competitors.length === 0) return { field: 'competitorDomains', message: ONBOARDING_MESSAGES.competitorRequired };
  return null;
}

const FORM_ID = 'onboarding-company';

const competitorHost = (url: string) => url.replace(/^https?:\/\//, '');

/** Step 2, create company: logo, name, website, competitors, the members table, Continue. */
export function CompanyStep({ onSaved }: { onSaved: () => void }) {
  const { user } = useCurrentUser();
  const state = useOnboardingState();
  const recorded = state.data?.profile;
  const [name, setName] = useState(user.companyName);
  const [website, setWebsite] = useState(user.domain ?? '');
  const [competitors, setCompetitors] = useState<string[] | null>(null);
  const [subpages, setSubpages] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const onboard = useOnboardCompany();
  // Until the user edits them, the lists show what the company step recorded before.
  const shownCompetitors = competitors ?? recorded?.rootUrls.filter((root) => root.isCompetitor).map((root) => competitorHost(root.url)) ?? [];
  const includeSubPages = subpages ?? recorded?.rootUrls.some((root) => root.includeSubPages) ?? false;
  const errorFor = (field: Problem['field']) => (problem?.field === field ? problem.message : undefined);

  const save = () => {
    const found = companyProblem({ name, website, competitors: shownCompetitors });
    setProblem(found);
    if (found) return;
    onboard.mutate(
      { companyName: name.trim(), domain: website.trim(), competitorDomains: shownCompetitors, includeSubPages },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const field = isApiError(error) ? error.field?.split('.')[0] : undefined;
          if (isApiError(error) && error.status === 400 && (field === 'companyName' || field === 'domain' || field === 'competitorDomains')) {
            setProblem({ field, message: error.fieldMessage });
          } else notify.error(ONBOARDING_MESSAGES.createCompanyFailed);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <CompanyLogo />
          <Group grow align="flex-start">
            <TextInput label="Company name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errorFor('companyName')} />
            <TextInput label="Company website" placeholder="https://example.com" value={website} onChange={(e) => setWebsite(e.currentTarget.value)} error={errorFor('domain')} />
          </Group>
          <DomainListInput
            label="Competitor domains"
            description="Your knowledge hub learns from your site and theirs to write better emails."
            placeholder="competitor.com"
            domains={shownCompetitors}
            onAdd={(domain) => {
              setCompetitors([...shownCompetitors, domain]);
              setProblem(null);
            }}
            onRemove={(domain) => setCompetitors(shownCompetitors.filter((d) => d !== domain))}
            error={errorFor('competitorDomains')}
          />
          <Checkbox label={`Scrape up to ${MAX_SUBPAGES} subpages`} checked={includeSubPages} onChange={(e) => setSubpages(e.currentTarget.checked)} />
        </Stack>
      </form>
      <Divider />
      <TeamSettings />
      <Group justify="flex-end">
        <Button type="submit" form={FORM_ID} loading={onboard.isPending}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
