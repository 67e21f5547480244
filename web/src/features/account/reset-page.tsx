import { PageCard } from '../../components/page-card';

export function ResetPage() {
  return <PageCard title="Reset password">Coming in the next commit.</PageCard>;
}
