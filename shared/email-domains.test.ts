import { describe, expect, it } from 'vitest';
import { isEmailDomainAllowed, parseAllowedDomains } from './email-domains.ts';

describe('ALLOWED_EMAIL_DOMAINS', () => {
  it('lets anyone register when unset or empty', () => {
    expect(parseAllowedDomains(undefined)).toBeUndefined();
    expect(parseAllowedDomains(' , ')).toBeUndefined();
    expect(isEmailDomainAllowed('anyone@gmail.com', undefined)).toBe(true);
  });

  it('reads a comma-separated list, trimmed, lower-cased, without a leading @ or dot', () => {
    expect(parseAllowedDomains(' IITB.ac.in, @students.iitb.ac.in ,.nitk.edu.in.')).toEqual(['iitb.ac.in', 'students.iitb.ac.in', 'nitk.edu.in']);
  });

  const allowed = parseAllowedDomains('iitb.ac.in,nitk.edu.in');

  it('admits a listed domain in any case', () => {
    expect(isEmailDomainAllowed('asha@iitb.ac.in', allowed)).toBe(true);
    expect(isEmailDomainAllowed('Asha@IITB.AC.IN', allowed)).toBe(true);
    expect(isEmailDomainAllowed('ravi@nitk.edu.in', allowed)).toBe(true);
  });

  it('admits subdomains of a listed domain', () => {
    expect(isEmailDomainAllowed('asha@cse.iitb.ac.in', allowed)).toBe(true);
    expect(isEmailDomainAllowed('asha@hostel4.students.IITB.ac.in', allowed)).toBe(true);
  });

  it('refuses other domains, look-alikes and a listed domain inside another', () => {
    expect(isEmailDomainAllowed('asha@gmail.com', allowed)).toBe(false);
    expect(isEmailDomainAllowed('asha@notiitb.ac.in', allowed)).toBe(false);
    expect(isEmailDomainAllowed('asha@iitb.ac.in.example.com', allowed)).toBe(false);
    expect(isEmailDomainAllowed('iitb.ac.in@gmail.com', allowed)).toBe(false);
    expect(isEmailDomainAllowed('no-at-sign', allowed)).toBe(false);
  });
});
