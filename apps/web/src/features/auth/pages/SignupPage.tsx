import { SignupBody } from '@leadline/shared';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useZodForm } from '../../../lib/form';
import { useSignup } from '../api';
import { AuthLayout } from '../components/AuthLayout';

export function SignupPage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const form = useZodForm(SignupBody, { name: '', email: '', password: '', companyName: '' });

  const submit = form.onSubmit((body) =>
    signup.mutate(body, { onSuccess: () => navigate('/', { replace: true }), onError: form.showServerError }),
  );

  return (
    <AuthLayout
      title="Create your workspace"
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Full name" autoComplete="name" autoFocus {...form.getInputProps('name')} />
          <TextInput label="Work email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <TextInput label="Company name" autoComplete="organization" {...form.getInputProps('companyName')} />
          {form.formError && (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          )}
          <Button type="submit" loading={signup.isPending} fullWidth mt="xs">
            Create account
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
