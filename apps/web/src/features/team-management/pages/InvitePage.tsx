import type { InvitationPreviewDto } from '@leadline/shared';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { useMe } from '../../auth/api';
import { AuthLayout } from '../../auth/components/AuthLayout';
import { SignupForm } from '../../auth/components/SignupForm';
import { useInvitationLink, useRespondToInvitation } from '../api';

function Offer({ invitation }: { invitation: InvitationPreviewDto }) {
  return (
    <Text size="sm" mb="md">
      {invitation.invitedByName ?? 'A team owner'} invited <b>{invitation.email}</b> to join <b>{invitation.teamName}</b> as{' '}
      {invitation.role.toLowerCase()}.
    </Text>
  );
}

/** A signed-in user answers the invitation; the server checks the link is for their address. */
function Answer({ token, invitation, signedInAs }: { token: string; invitation: InvitationPreviewDto; signedInAs: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const respond = useRespondToInvitation();
  const pending = respond.isPending ? respond.variables.action : null;

  const send = (action: 'accept' | 'reject') =>
    respond.mutate(
      { invitationId: invitation.invitationId, action, token },
      {
        onSuccess: async () => {
          // Joining a team changes the user's team, role and everything they may see.
          await queryClient.invalidateQueries();
          notify.success(action === 'accept' ? `You joined ${invitation.teamName}.` : `You declined the invitation to ${invitation.teamName}.`);
          navigate('/', { replace: true });
        },
      },
    );

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        You are signed in as {signedInAs}.
      </Text>
      {respond.isError && (
        <Alert color="red" variant="light" role="alert">
          {respond.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => send('reject')} loading={pending === 'reject'} disabled={respond.isPending}>
          Decline
        </Button>
        <Button onClick={() => send('accept')} loading={pending === 'accept'} disabled={respond.isPending}>
          Accept
        </Button>
      </Group>
    </Stack>
  );
}

/** `/invite/{token}`: the link of an invitation, for signed-out visitors and signed-in users alike. */
export function InvitePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const link = useInvitationLink(token);
  const loginHref = `/login?next=${encodeURIComponent(`/invite/${token}`)}`;

  let body;
  if (link.isPending || me.isPending) {
    body = (
      <Center>
        <Loader aria-label="Loading" />
      </Center>
    );
  } else if (link.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {link.error.message}
      </Alert>
    );
  } else if (me.data) {
    body = (
      <>
        <Offer invitation={link.data} />
        <Answer token={token} invitation={link.data} signedInAs={me.data.user.email} />
      </>
    );
  } else {
    body = (
      <>
        <Offer invitation={link.data} />
        <SignupForm invitation={{ token, email: link.data.email }} onSignedIn={() => navigate('/', { replace: true })} />
      </>
    );
  }

  return (
    <AuthLayout
      title="Join your team on Leadline"
      footer={
        me.data ? (
          <Anchor component={Link} to="/">
            Open Leadline
          </Anchor>
        ) : (
          <>
            Already have an account?{' '}
            <Anchor component={Link} to={loginHref}>
              Log in to accept
            </Anchor>
          </>
        )
      }
    >
      {body}
    </AuthLayout>
  );
}
