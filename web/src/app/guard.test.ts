import { describe, expect, it } from 'vitest';
import { guardRedirect, operatorAccess } from './guard.ts';

describe('guardRedirect', () => {
  const url = 'http://localhost:3000/profile/abc?tab=1';

  it('sends an anonymous visitor of a login-required route to login with the full URL', () => {
    expect(guardRedirect('login-required', false, url)).toBe(
      '/auth/login?redirect=http%3A%2F%2Flocalhost%3A3000%2Fprofile%2Fabc%3Ftab%3D1',
    );
  });

  it('lets a signed-in user through a login-required route', () => {
    expect(guardRedirect('login-required', true, url)).toBeNull();
  });

  it('sends a signed-in user away from anonymous-only routes to the catch-all', () => {
    expect(guardRedirect('anonymous-only', true, url)).toBe('/not-found');
    expect(guardRedirect('anonymous-only', false, url)).toBeNull();
  });

  it('never redirects on public routes', () => {
    expect(guardRedirect('public', false, url)).toBeNull();
    expect(guardRedirect('public', true, url)).toBeNull();
  });
});

describe('operatorAccess', () => {
  const operator = { role: 'operator' as const, organises: [], mayCreateTournaments: true };
  const organiser = { role: 'user' as const, organises: ['t1'], mayCreateTournaments: false };
  const bettor = { role: 'user' as const, organises: [], mayCreateTournaments: false };
  const creator = { role: 'user' as const, organises: [], mayCreateTournaments: true };

  it('shows operator-only screens to operators only', () => {
    expect(operatorAccess(true, operator)).toBe('show');
    expect(operatorAccess(true, organiser)).toBe('not-found');
    expect(operatorAccess(true, bettor)).toBe('not-found');
  });

  it('shows console screens to operators and organisers of a tournament', () => {
    expect(operatorAccess(true, operator, 'console')).toBe('show');
    expect(operatorAccess(true, organiser, 'console')).toBe('show');
    expect(operatorAccess(true, bettor, 'console')).toBe('not-found');
  });

  it('shows the console, not the operator-only screens, to a user allowed to create their first tournament', () => {
    expect(operatorAccess(true, creator, 'console')).toBe('show');
    expect(operatorAccess(true, creator)).toBe('not-found');
  });

  it('answers not-found to visitors, without a login redirect that would reveal the route', () => {
    expect(operatorAccess(false, undefined)).toBe('not-found');
    expect(guardRedirect('operator-only', false, 'http://localhost/operator/users')).toBeNull();
  });

  it('waits for the role of a signed-in user', () => {
    expect(operatorAccess(true, undefined)).toBe('wait');
  });
});
