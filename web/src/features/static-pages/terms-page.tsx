import {
  CASH_BET_MAX_RUPEES,
  CASH_BET_MIN_RUPEES,
  COIN_BET_MAX,
  COIN_BET_MIN,
  MINIMUM_AGE,
  UNDERDOG_BONUS_COINS,
  UNDERDOG_SHARE,
  WELCOME_COINS,
  WIN_MULTIPLIER,
  WITHDRAW_MIN_RUPEES,
  WITHDRAW_PAYOUT_HOURS,
} from '#shared/constants.ts';
import { Link } from '../../components/link.tsx';
import { PATHS } from '../../lib/paths.ts';
import { StaticPage } from './static-page.tsx';

export default function TermsPage() {
  return (
    <StaticPage title="Terms & conditions" intro="The rules of the game. By creating an account you agree to them.">
      <section>
        <h2>Who can play</h2>
        <ul>
          <li>You must be at least {MINIMUM_AGE} years old.</li>
          <li>One account per person. Duplicate accounts may be closed and their bets voided.</li>
          <li>Keep your password to yourself; you are responsible for what happens in your account.</li>
        </ul>
      </section>
      <section>
        <h2>Coins are play money</h2>
        <ul>
          <li>New accounts get {WELCOME_COINS} coins once their email is verified.</li>
          <li>Coins have no cash value: they can never be withdrawn or exchanged for money.</li>
          <li>
            Coin bets are whole coins from {COIN_BET_MIN} to {COIN_BET_MAX}. Cash betting ({CASH_BET_MIN_RUPEES} to{' '}
            {CASH_BET_MAX_RUPEES} rupees) is not available for now.
          </li>
        </ul>
      </section>
      <section>
        <h2>Bets and payouts</h2>
        <ul>
          <li>You can place one bet per event, on one team, while betting on that event is open.</li>
          <li>
            Betting on an event closes at its start time, or earlier when the organisers pause it or record a result. A bet
            counts only if betting was still open when it reached us: one that arrives as betting closes is not placed, you
            are told so at once, and no coin leaves your wallet. A bet that was placed stands and is settled by the result.
          </li>
          <li>
            Every date and time in the app is shown in your device's time zone (IST on our campuses), with the zone's name
            beside the time; a match's start time is the same instant wherever you are.
          </li>
          <li>Bets cannot be changed or cancelled once placed.</li>
          <li>A winning bet pays {WIN_MULTIPLIER} times the stake. A losing bet pays nothing.</li>
          <li>If an event is called off, its stakes are refunded.</li>
          <li>Each winning bet adds a trophy to your profile.</li>
          <li>
            Underdog bonus: a winning bet on a side fewer than {Math.round(UNDERDOG_SHARE * 100)}% of the match's bettors backed
            also pays {UNDERDOG_BONUS_COINS} coins, shown as its own entry in your coin history. The split is counted from the
            accepted bets when the result is first settled; a corrected result takes back or adds the bonus with the payout.
          </li>
          <li>
            Your streak is your run of correct picks: each winning bet adds one, a losing bet ends it, and a refunded bet (a draw,
            a walkover or a called-off match) neither adds nor ends it. Your profile and your groups show your current streak and
            your best.
          </li>
        </ul>
      </section>
      <section>
        <h2>Cup pool</h2>
        <p>
          A tournament with a generated format has a pool on who lifts the cup: one stake per team, with the same limits as a
          bet, until the pool closes. Once the champion is known, the whole pool is shared among the stakes on the champion in
          proportion to their size, in whole coins; the coins the rounding leaves go to the largest of those stakes, then the
          earliest. If nobody backed the champion, or the organisers call the pool off, every stake comes back, and a stake
          that arrives as the pool closes is refunded at once. The house takes nothing. Stakes are play money, like every
          coin: never bought, sold or exchanged.
        </p>
      </section>
      <section>
        <h2>Prizes and withdrawals</h2>
        <ul>
          <li>Cash in your wallet comes only from prizes credited by the tournament organisers.</li>
          <li>
            Withdrawals go to a UPI id, start at {WITHDRAW_MIN_RUPEES} rupees and are paid within {WITHDRAW_PAYOUT_HOURS}{' '}
            hours.
          </li>
        </ul>
      </section>
      <section>
        <h2>Fair play</h2>
        <p>
          Organisers may pause betting, void an event or close accounts that cheat. Read how we handle your data in{' '}
          <Link to={PATHS.privacy}>Privacy & guidelines</Link>, and reach us on the <Link to={PATHS.contact}>contact page</Link>.
        </p>
      </section>
    </StaticPage>
  );
}
