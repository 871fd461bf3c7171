import type { ReactNode } from 'react';
import { Link } from '../../components/link.tsx';
import { HOME_TAB_NAME } from '#shared/constants.ts';
import { BrandMark } from '../../components/icons.tsx';
import { PATHS } from '../../lib/paths.ts';
import './auth.css';

/** The frame of every /auth page (they have no top bar): brand, title, the form, and a footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <Link to={PATHS.home} className="auth-brand">
        <BrandMark size={36} />
        <span>{HOME_TAB_NAME}</span>
      </Link>
      <section className="auth-card">
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </section>
      {footer && <p className="auth-footer">{footer}</p>}
    </div>
  );
}
