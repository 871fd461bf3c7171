// ALLOWED_EMAIL_DOMAINS: a campus deployment may limit registration to its college's mail domains, so
// "one account per user" means one per college address. A listed domain admits its subdomains too
// (colleges give departments and hostels their own: `cse.iitb.ac.in` under `iitb.ac.in`), compared
// case-insensitively, label by label, so `notiitb.ac.in` and `iitb.ac.in.example.com` stay out.

/** The configured list, lower-cased and without leading '@' or '.'; undefined when unset or empty (anyone). */
export function parseAllowedDomains(setting: string | undefined): string[] | undefined {
  const domains = (setting ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^[@.]+/, '').replace(/\.+$/, ''))
    .filter((domain) => domain.length > 0);
  return domains.length > 0 ? domains : undefined;
}

/** Whether an email may register under the allowed domains (undefined: any email may). */
export function isEmailDomainAllowed(email: string, allowed: readonly string[] | undefined): boolean {
  if (!allowed) return true;
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).trim().toLowerCase().replace(/\.+$/, '');
  return allowed.some((listed) => domain === listed || domain.endsWith(`.${listed}`));
}
