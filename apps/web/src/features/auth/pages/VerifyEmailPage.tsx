import { Alert, Anchor, Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useVerifyEmail } from '../api';
import { AuthLayout } from '../components/AuthLayout';

/** Where the mailed address check lands: it confirms the address once, on opening. */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit: a second call would only report that nothing more was granted.
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  return (
    <AuthLayout
      title="Confirm your email address"
      footer={
        <Anchor component={Link} to="/">
          Open Leadline
        </Anchor>
      }
    >
      {verify.isError ? (
        <Alert color="red" variant="light" role="alert">
          {verify.error.message}
        </Alert>
      ) : verify.isSuccess ? (
        <Alert color="teal" variant="light" role="status" title="Email address confirmed">
          {verify.data.data.email} is confirmed.
          {verify.data.data.creditsGranted > 0 && ` Your team received ${verify.data.data.creditsGranted.toLocaleString('en-US')} trial credits.`}
        </Alert>
      ) : (
        <Center>
          <Loader aria-label="Confirming" />
        </Center>
      )}
    </AuthLayout>
  );
}
