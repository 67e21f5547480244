import { PageCard } from '../../components/page-card';

export function SupportPage() {
  return <PageCard title="Support">Coming in the next commit.</PageCard>;
}
