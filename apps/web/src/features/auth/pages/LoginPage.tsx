import { LoginBody } from '@leadline/shared';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../../lib/form';
import { useLogin } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { nextPath } from '../next-path';

export function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = nextPath(search);
  const login = useLogin();
  const form = useZodForm(LoginBody, { email: '', password: '' });

  const submit = form.onSubmit((body) =>
    login.mutate(body, { onSuccess: () => navigate(next, { replace: true }), onError: form.showServerError }),
  );

  return (
    <AuthLayout
      title="Log in to your workspace"
      footer={
        <>
          New to Leadline?{' '}
          <Anchor component={Link} to="/signup">
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Email" type="email" autoComplete="email" autoFocus {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          {form.formError && (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          )}
          <Button type="submit" loading={login.isPending} fullWidth mt="xs">
            Log in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
