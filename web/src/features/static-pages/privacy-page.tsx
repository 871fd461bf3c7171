import { MINIMUM_AGE, SUPPORT_EMAIL } from '#shared/constants.ts';
import { StaticPage } from './static-page.tsx';

export default function PrivacyPage() {
  return (
    <StaticPage title="Privacy & guidelines" intro="What we keep about you, why, and how to play nicely.">
      <section>
        <h2>What we store</h2>
        <ul>
          <li>Your user name, email address and, if you add one, your avatar picture.</li>
          <li>Your password only as a salted hash: nobody, including us, can read it.</li>
          <li>Your bets, wallet history, trophies and notifications, so the app can show them to you.</li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <ul>
          <li>Your email is used for verification and password-reset codes, nothing else. No newsletters, no ads.</li>
          <li>Your user name, avatar, trophies and earnings are visible to other players on profiles and leaderboards.</li>
          <li>We keep you signed in with secure, HTTP-only cookies. There are no tracking cookies.</li>
          <li>Your theme choice (Light or Dark UI) and whether you were signed in are stored only in your browser.</li>
        </ul>
      </section>
      <section>
        <h2>Community guidelines</h2>
        <ul>
          <li>Players must be {MINIMUM_AGE} or older, with one account each.</li>
          <li>Pick a user name and avatar that are respectful: no hate, harassment or impersonation.</li>
          <li>It is a game among friends: keep it fun and never bet real money you cannot afford to lose.</li>
        </ul>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can change your name, avatar and password any time from your profile. To get a copy of your data or
          delete your account, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
    </StaticPage>
  );
}
