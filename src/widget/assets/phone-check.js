// The phone field checked as the service will read it, so a wrong digit count is said at once.

/**
 * What is wrong with a typed phone, as the service reads it (src/checkout/phone.ts), or null: 10 digits after an
 * optional 0, 91, +91 or +91 (0); or another country's number after + or 00. Said at once, not after a round trip.
 */
export function phoneProblem(typed) {
  let digits = typed.replace(/[\s\-.()]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (digits.startsWith('+') && !digits.startsWith('+91'))
    return /^\+[1-9]\d{7,14}$/.test(digits) ? null : 'Enter the country code and number, e.g. +44 20 7946 0000';
  if (!/^\+?\d+$/.test(digits)) return 'Enter digits only: 10 of them, with 0 or +91 before them if you like';
  const national = digits.replace(/^\+91/, '').replace(/^(?:0|91(?=\d{10}$))/, '');
  if (national.length < 10) return 'Enter all 10 digits';
  if (national.length > 10) return 'That is more than 10 digits: check the number';
  return /^[1-9]/.test(national) ? null : 'A mobile number does not start with 0 after its prefix';
}
