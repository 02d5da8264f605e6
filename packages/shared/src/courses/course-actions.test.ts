import { describe, expect, it } from 'vitest';
import { COURSE_STATUSES } from '../common/constants.ts';
import { COURSE_ACTION_NAMES, courseActionAllowed, courseActionPath } from './course-actions.ts';

const allowedIn = (action: (typeof COURSE_ACTION_NAMES)[number]) =>
  COURSE_STATUSES.filter((status) => courseActionAllowed(action, status));

describe('course review actions', () => {
  it('allows each action in the statuses of the contract', () => {
    expect(allowedIn('approve')).toEqual(['Pending']);
    expect(allowedIn('revoke')).toEqual(['Approved']);
    expect(allowedIn('toggleAvailable')).toEqual(['Approved']);
    expect(allowedIn('archive')).toEqual(COURSE_STATUSES);
    expect(allowedIn('toggleEditing')).toEqual(COURSE_STATUSES);
  });

  it('names the API paths of api.md', () => {
    expect(COURSE_ACTION_NAMES.map((action) => courseActionPath(action, ':id'))).toEqual([
      '/course/approve/:id',
      '/course/pending/:id',
      '/course/archive/:id',
      '/course/toggle-available/:id',
      '/course/toggle-editing/:id',
    ]);
  });
});
