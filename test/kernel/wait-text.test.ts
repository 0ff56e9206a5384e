// Waits as a buyer reads them in a refusal: seconds under a minute, then whole minutes rounded up.
import { describe, expect, it } from 'vitest';
import { waitText } from '../../src/kernel/wait-text.ts';

describe('waitText', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [40, '40 seconds'],
    [59.2, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [244, '5 minutes'],
    [900, '15 minutes'],
  ])('%s s reads "%s"', (seconds, text) => expect(waitText(seconds)).toBe(text));
});
