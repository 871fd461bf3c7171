import { Link } from './link.tsx';
import { PATHS } from '../lib/paths.ts';
import { EmptyState } from './empty-state.tsx';
import { ConstructionIcon } from './icons.tsx';

/** Stand-in for a screen whose feature ships in a later release. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page page-narrow">
      <h1 className="page-title">{title}</h1>
      <div className="card">
        <EmptyState icon={<ConstructionIcon size={28} />} title="Coming soon">
          <p>This part of the app is being built. Check back shortly!</p>
          <Link to={PATHS.home} className="btn btn-secondary">
            Back to home
          </Link>
        </EmptyState>
      </div>
    </section>
  );
}
