import { COMPANY_MESSAGES, isValidWebsite } from '@leadline/shared';
import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api';
import { useUpdateUserInfo } from '../api';
import { CompanyLogo } from './CompanyLogo';

/** The spec's checks, in its order: both fields first, then the website's form. */
function problemOf(name: string, website: string): string | null {
  if (!name.trim() || !website.trim()) return COMPANY_MESSAGES.nameAndWebsiteRequired;
  if (!isValidWebsite(website)) return COMPANY_MESSAGES.invalidWebsite;
  return null;
}

/** Company tab, Basic Information: the team's name and website, and its logo. */
export function CompanyInfoForm() {
  const { user } = useCurrentUser();
  const saved = { name: user.companyName, website: user.domain ?? '' };
  const [name, setName] = useState(saved.name);
  const [website, setWebsite] = useState(saved.website);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateUserInfo();
  const unchanged = name.trim() === saved.name && website.trim() === saved.website;

  const save = () => {
    const found = problemOf(name, website);
    setProblem(found);
    if (found) return;
    update.mutate(
      { companyName: name.trim(), domain: website.trim() },
      {
        onSuccess: () => notify.success(COMPANY_MESSAGES.updated),
        onError: () => notify.error(COMPANY_MESSAGES.updateFailed),
      },
    );
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="h4">
          Basic Information
        </Title>
        <CompanyLogo />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack gap="sm" maw={480}>
            <TextInput label="Company name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={problem === COMPANY_MESSAGES.nameAndWebsiteRequired && !name.trim() ? problem : undefined} />
            <TextInput
              label="Company website"
              placeholder="https://example.com"
              value={website}
              onChange={(e) => setWebsite(e.currentTarget.value)}
              error={problem && (problem === COMPANY_MESSAGES.invalidWebsite || !website.trim()) ? problem : undefined}
            />
            <Group>
              <Button type="submit" disabled={unchanged} loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
