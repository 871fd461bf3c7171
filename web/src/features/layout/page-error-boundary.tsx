import { Component, type ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';

/** Catches a page that failed to load or render (e.g. a chunk that timed out) and offers a reload. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page page-narrow">
        <EmptyState title="This page could not be loaded">
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </EmptyState>
      </div>
    );
  }
}
