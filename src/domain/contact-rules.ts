/*
 * What an e-mail address and a phone number must look like, one rule each for every form and every
 * route (docs/api.md#e-mail-addresses-and-phone-numbers). No schema library: the booking dialog and
 * the review form check with these before sending, and a page that only needs a rule does not
 * build every schema (docs/architecture.md#shared-rules).
 */

/** A phone number has at least this many digits, and this many characters at most. */
export const PHONE_RULE = { minDigits: 6, maxLength: 40 } as const;

/**
 * Digits, spaces (also the no-break spaces of French typing), ( ) . / - and one + in front (or
 * after an opening parenthesis: "(+33) 4 68…").
 */
const PHONE_CHARACTERS = /^(?:\+|\(\+)?[\d \u00a0\u202f()./-]+$/;

/**
 * Whether `value` is a phone number as the guide takes one: "+33 4 68 31 11 82", "04.68.31.11.82",
 * "0201/123456". The forms and the schemas trim it first.
 */
export function isPhoneNumber(value: string): boolean {
  if (value.length > PHONE_RULE.maxLength || !PHONE_CHARACTERS.test(value)) return false;
  return (value.match(/\d/g)?.length ?? 0) >= PHONE_RULE.minDigits;
}

/** The longest local part (before the @) and domain name of an e-mail address. */
export const EMAIL_RULE = { localMax: 64, domainMax: 253 } as const;

/** Letters, digits and the signs a mailbox name may hold, between single dots. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** One label of a domain name: letters, digits and inner hyphens, at most 63. */
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** The last label: letters (com, fr, museum), or an internationalised one in its xn-- form. */
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * Whether `value` is an e-mail address a mail can be sent to: a mailbox name, one @, and a domain of
 * at least two labels. Written in ASCII (an internationalised domain in its xn-- form). The forms and
 * the schemas trim it first.
 */
export function isEmailAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > EMAIL_RULE.localMax || domain.length > EMAIL_RULE.domainMax) return false;
  if (!LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  const top = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LABEL.test(top);
}
