/**
 * The security headers nginx sends with every response (README, "Deploying"),
 * written out here value by value rather than read from deploy/nginx: a header
 * dropped or changed there must fail the tests that use this table, which a
 * comparison between two responses of the same server cannot do.
 */
import type {RawResponse} from './raw-http';

export const SECURITY_HEADERS: Record<string, RegExp> = {
  'strict-transport-security': /^max-age=63072000; includeSubDomains$/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'x-frame-options': /^DENY$/,
  'permissions-policy': /^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\), usb=\(\), clipboard-write=\(self\)$/,
  'cross-origin-opener-policy': /^same-origin$/,
  'cross-origin-resource-policy': /^same-origin$/,
  'x-permitted-cross-domain-policies': /^none$/,
  'content-security-policy':
    /^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*; .*; object-src 'none'; base-uri 'self'; form-action 'self' mailto:; frame-ancestors 'none'$/,
};

/** What is wrong with the security headers of one response: each must be there once, with its value. */
export function securityHeaderProblems(label: string, response: Pick<RawResponse, 'headerLines'>): string[] {
  const problems: string[] = [];
  for (const [name, pattern] of Object.entries(SECURITY_HEADERS)) {
    const values = response.headerLines.filter((line) => line.toLowerCase().startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).trim());
    if (values.length !== 1) problems.push(`${label}: ${name} sent ${values.length} times`);
    else if (!pattern.test(values[0])) problems.push(`${label}: ${name}: ${values[0]}`);
  }
  return problems;
}
