import { msg } from '@lingui/core/macro';

/**
 * The cover's refusals, one wording for the field (on selection) and for the save (the server's
 * answer, a missing cover): the same problem is said the same way wherever it is found.
 */
export const COVER_REFUSALS = {
  wrongType: msg`Choose a JPG or PNG image`,
  tooLarge: msg`file size too large`,
  missing: msg`Add course preview image`,
  cannotOpen: msg`This file cannot be opened as a JPG or PNG image`,
};

/**
 * The toast id of the cover's refusals, in the field and in the save (`useCourseSave`): each replaces
 * the one before, and a cover that is taken dismisses it.
 */
export const COVER_TOAST = 'course-cover';
