import type { ReactNode } from 'react';
import './static-pages.css';

/** The frame of the text pages: a readable column with a title and an intro line. */
export function StaticPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <article className="page page-narrow prose">
      <h1 className="page-title">{title}</h1>
      <p className="page-subtitle">{intro}</p>
      {children}
    </article>
  );
}
