import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../components/AuthLayout';
import { SignupForm } from '../components/SignupForm';

export function SignupPage() {
  const navigate = useNavigate();
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
      <SignupForm onSignedIn={() => navigate('/', { replace: true })} />
    </AuthLayout>
  );
}
