import { OAUTH_SERVICES, SLACK_MESSAGES, type OAuthService } from '@leadline/shared';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { connectFailure, serviceLabel, useOAuthCallback } from '../api';

const isOAuthService = (value: string | undefined): value is OAuthService => (OAUTH_SERVICES as readonly string[]).includes(value ?? '');

/**
 * Where the provider sends the browser back: hands the code and state to the server, then goes
 * to the service's settings (a CRM) or back to the Slack dialog.
 */
export function OAuthCallbackPage() {
  const { service } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const callback = useOAuthCallback();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !isOAuthService(service)) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const back = service === 'slack' ? '/settings?tab=integrations' : `/settings/${service}`;
    const failed = (error: unknown) => {
      notify.error(service === 'slack' ? SLACK_MESSAGES.installFailed : connectFailure(error, service));
      navigate('/settings?tab=integrations', { replace: true });
    };
    if (!code || !state) return failed(new Error(params.get('error') ?? 'no code'));
    callback.mutate(
      { service, code, state },
      {
        onSuccess: () => {
          if (service !== 'slack') notify.success(`${serviceLabel(service)} connected successfully!`);
          navigate(service === 'slack' ? '/settings?tab=integrations&slack=installed' : back, { replace: true });
        },
        onError: failed,
      },
    );
  }, [service, params, callback, navigate]);

  if (!isOAuthService(service)) return <Navigate to="/settings?tab=integrations" replace />;
  return (
    <Center mih={240}>
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">Connecting {serviceLabel(service)}…</Text>
      </Stack>
    </Center>
  );
}
