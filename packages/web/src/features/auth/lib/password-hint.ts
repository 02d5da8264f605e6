import { plural } from '@lingui/core/macro';
import { LIMITS } from '@app/shared';

/** The hint under a new-password field ("At least 8 characters."), with the shared limit. */
export const passwordHint = () =>
  plural(LIMITS.passwordMin, { one: 'At least # character.', other: 'At least # characters.' });
