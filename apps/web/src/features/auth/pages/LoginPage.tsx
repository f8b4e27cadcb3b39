import { LoginBody } from '@leadline/shared';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../../lib/form';
import { useLogin } from '../api';
import { AuthLayout } from '../components/AuthLayout';

export function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Only a path of this app: an outside address here would make the login page an open redirect.
  const next = /^\/(?![/\\])/.test(search.get('next') ?? '') ? search.get('next')! : '/';
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
