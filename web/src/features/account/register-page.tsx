import { PageCard } from '../../components/page-card';

export function RegisterPage() {
  return <PageCard title="Register">Coming in the next commit.</PageCard>;
}
