import { PageCard } from '../../components/page-card';
import { login } from './api/login';
import { LoginForm } from './login-form';

/** /auth/login. A successful login lands in the library through the route guard. */
export function LoginPage() {
  return (
    <PageCard title="Login" maxWidth={440}>
      <LoginForm onLogin={login} />
    </PageCard>
  );
}
