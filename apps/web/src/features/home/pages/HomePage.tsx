import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../auth/api';

/** The landing page: who you are, and what this version of Leadline can do today. */
export function HomePage() {
  const { user } = useCurrentUser();
  const managesTeam = user.permission !== 'TEAM_MEMBER';

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={2}>Welcome, {user.name}</Title>
        <Text c="dimmed" mt={4}>
          You are working in the {user.companyName} workspace.
        </Text>
      </div>
      <Paper withBorder radius="md" p="lg">
        <Title order={3} fz="h4" mb="sm">
          Available in this version
        </Title>
        <List spacing="xs" size="sm">
          {managesTeam && (
            <List.Item>
              <Anchor component={Link} to="/settings?tab=team">
                Team settings
              </Anchor>
              : invite colleagues with your email domain and see each member's role and monthly credit use.
            </List.Item>
          )}
          <List.Item>Invitations: open the link of an invitation to accept or decline it; it works once, for 7 days.</List.Item>
          <List.Item>Light and dark themes, and a sidebar you can collapse to icons.</List.Item>
        </List>
        <Text size="sm" c="dimmed" mt="md">
          Prospecting, campaigns, the inbox, the dialer and signals are not built yet: their menu entries are
          shown but disabled.
        </Text>
      </Paper>
    </Stack>
  );
}
