import { MAIL_OAUTH_LABEL, MAIL_OAUTH_PROVIDERS, type MailOAuthProvider } from '@leadline/shared';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFinishMailOAuth } from '../api';

const isProvider = (value: string | undefined): value is MailOAuthProvider => (MAIL_OAUTH_PROVIDERS as readonly string[]).includes(value ?? '');
const ACCOUNTS = '/settings?tab=accounts';

/** Where Google or Microsoft sends the browser back: hands code and state to the server, then back to Email Accounts. */
export function MailOAuthCallbackPage() {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishMailOAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !isProvider(provider)) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const failed = (message: string) => {
      notify.error(message);
      navigate(ACCOUNTS, { replace: true });
    };
    // The user declined on the consent page (error=access_denied) or the provider failed.
    if (!code || !state) return failed(`${MAIL_OAUTH_LABEL[provider].label} was not connected${params.get('error') ? ` (${params.get('error')})` : ''}.`);
    finish.mutate(
      { provider, code, state },
      {
        onSuccess: (account) => {
          notify.success(`${account.emailAddress} connected. Its mail is being synced.`);
          navigate(ACCOUNTS, { replace: true });
        },
        onError: (error) => failed(isApiError(error) && error.status < 500 ? error.message : 'There was an error adding the email account. Please try again later!'),
      },
    );
  }, [provider, params, finish, navigate]);

  if (!isProvider(provider)) return <Navigate to={ACCOUNTS} replace />;
  return (
    <Center mih={240}>
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">Connecting {MAIL_OAUTH_LABEL[provider].label}…</Text>
      </Stack>
    </Center>
  );
}
