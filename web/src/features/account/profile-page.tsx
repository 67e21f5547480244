import { PageCard } from '../../components/page-card';

export function ProfilePage() {
  return <PageCard title="My account">Coming in the next commit.</PageCard>;
}
