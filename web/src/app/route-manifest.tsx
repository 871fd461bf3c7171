// The SPA's route manifest: every route with its guard (spec §2). The router renders exactly this list.
import type { ComponentType } from 'react';
import { lazyPage, type LazyPage } from '../lib/lazy-page.ts';
import { PATHS } from '../lib/paths.ts';
import type { RouteAccess } from './guard.ts';

export interface AppRoute {
  path: string;
  access: RouteAccess;
  /** Either a page component or a redirect target. */
  page?: ComponentType | LazyPage;
  redirectTo?: string;
}

const HomePage = lazyPage(() => import('../features/tournaments/home-page.tsx'));
const EventsPage = lazyPage(() => import('../features/tournaments/events-page.tsx'));
const LeaderboardPage = lazyPage(() => import('../features/leaderboard/leaderboard-page.tsx'));
const TermsPage = lazyPage(() => import('../features/static-pages/terms-page.tsx'));
const PrivacyPage = lazyPage(() => import('../features/static-pages/privacy-page.tsx'));
const ContactPage = lazyPage(() => import('../features/static-pages/contact-page.tsx'));
/** Also shown in place of operator screens to anyone who is not an operator. */
export const NotFoundPage = lazyPage(() => import('../features/static-pages/not-found-page.tsx'));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx'));
const EditProfilePage = lazyPage(() => import('../features/profile/edit-profile-page.tsx'));
const WalletPage = lazyPage(() => import('../features/wallet/wallet-page.tsx'));
const WithdrawPage = lazyPage(() => import('../features/wallet/withdraw-page.tsx'));
const NotificationPage = lazyPage(() => import('../features/notifications/notification-page.tsx'));
const CreateBetPage = lazyPage(() => import('../features/betting/create-bet-page.tsx'));
const ConfirmBettingPage = lazyPage(() => import('../features/betting/confirm-betting-page.tsx'));
const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'));
const RegistrationPage = lazyPage(() => import('../features/auth/registration-page.tsx'));
const VerifyPage = lazyPage(() => import('../features/auth/verify-page.tsx'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page.tsx'));
const OperatorTournamentsPage = lazyPage(() => import('../features/operator/tournaments-page.tsx'));
const OperatorTeamsPage = lazyPage(() => import('../features/operator/teams-page.tsx'));
const OperatorEventsPage = lazyPage(() => import('../features/operator/events-page.tsx'));
const OperatorUsersPage = lazyPage(() => import('../features/operator/users-page.tsx'));
const OperatorWithdrawalsPage = lazyPage(() => import('../features/operator/withdrawals-page.tsx'));

export const appRoutes: readonly AppRoute[] = [
  { path: PATHS.root, access: 'public', page: HomePage },
  { path: PATHS.home, access: 'public', page: HomePage },
  { path: PATHS.events, access: 'public', page: EventsPage },
  { path: PATHS.leaderboard, access: 'public', page: LeaderboardPage },
  { path: PATHS.terms, access: 'public', page: TermsPage },
  { path: PATHS.privacy, access: 'public', page: PrivacyPage },
  { path: PATHS.contact, access: 'public', page: ContactPage },
  { path: PATHS.profile, access: 'login-required', page: ProfilePage },
  { path: PATHS.editProfile, access: 'login-required', page: EditProfilePage },
  { path: PATHS.wallet, access: 'login-required', page: WalletPage },
  { path: PATHS.withdraw, access: 'login-required', page: WithdrawPage },
  { path: PATHS.notification, access: 'login-required', page: NotificationPage },
  { path: PATHS.createBet, access: 'login-required', page: CreateBetPage },
  { path: PATHS.confirmBetting, access: 'login-required', page: ConfirmBettingPage },
  { path: PATHS.auth, access: 'anonymous-only', redirectTo: PATHS.login },
  { path: PATHS.login, access: 'anonymous-only', page: LoginPage },
  { path: PATHS.registration, access: 'anonymous-only', page: RegistrationPage },
  { path: PATHS.verify, access: 'anonymous-only', page: VerifyPage },
  { path: PATHS.resetPassword, access: 'anonymous-only', page: ResetPasswordPage },
  { path: PATHS.operator, access: 'operator-only', redirectTo: PATHS.operatorTournaments },
  { path: PATHS.operatorTournaments, access: 'operator-only', page: OperatorTournamentsPage },
  { path: PATHS.operatorTeams, access: 'operator-only', page: OperatorTeamsPage },
  { path: PATHS.operatorEvents, access: 'operator-only', page: OperatorEventsPage },
  { path: PATHS.operatorUsers, access: 'operator-only', page: OperatorUsersPage },
  { path: PATHS.operatorWithdrawals, access: 'operator-only', page: OperatorWithdrawalsPage },
  { path: '*', access: 'public', page: NotFoundPage },
];
