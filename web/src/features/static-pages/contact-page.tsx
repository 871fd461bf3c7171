import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { MailIcon } from '../../components/icons.tsx';
import { StaticPage } from './static-page.tsx';

export default function ContactPage() {
  return (
    <StaticPage title="Contact us" intro="Questions about a bet, a withdrawal or your account? We are happy to help.">
      <a className="card contact-card" href={`mailto:${SUPPORT_EMAIL}`}>
        <span className="contact-card-icon">
          <MailIcon size={24} />
        </span>
        <span>
          <span className="contact-card-label">Email support</span>
          <span className="contact-card-value">{SUPPORT_EMAIL}</span>
        </span>
      </a>
      <p className="muted">
        Include the email address of your account and, for a bet or a withdrawal, its transaction or order id. We
        usually answer within a day.
      </p>
    </StaticPage>
  );
}
