import { describe, expect, it } from 'vitest';
import { actionsFor, asksFirst } from './row-actions.ts';

const ids = (status: Parameters<typeof actionsFor>[0]['status'], isAvailable = true, enableEditing = true) =>
  actionsFor({ status, isAvailable, enableEditing }).map((action) => action.id);

describe('actionsFor', () => {
  it('offers approval and rejection with a note only on a pending course (decision 206)', () => {
    expect(ids('Pending')).toEqual(['view', 'approve', 'reject', 'disableEditing', 'archive']);
    for (const status of ['Draft', 'Approved', 'Archived', 'Rejected'] as const) {
      expect(ids(status)).not.toContain('approve');
      expect(ids(status)).not.toContain('reject');
    }
    // The rejection's dialog sends it: no one-tap action behind the item.
    expect(actionsFor({ status: 'Pending', isAvailable: true, enableEditing: true })[2]).toEqual({
      id: 'reject',
      action: null,
    });
  });

  it('offers a rejected course only what its author’s turn leaves: view, the editing lock, archive', () => {
    expect(ids('Rejected')).toEqual(['view', 'disableEditing', 'archive']);
  });

  it('offers revoke and the availability switch only on an approved course', () => {
    expect(ids('Approved', true)).toEqual(['view', 'revoke', 'makeUnavailable', 'disableEditing', 'archive']);
    expect(ids('Approved', false)).toContain('makeAvailable');
    expect(ids('Pending')).not.toContain('revoke');
    expect(ids('Draft')).not.toContain('makeUnavailable');
  });

  it('names the editing switch after what it will do', () => {
    expect(ids('Draft', true, false)).toContain('enableEditing');
    expect(ids('Draft', true, true)).toContain('disableEditing');
  });

  it('offers un-archive on an archived course and archive otherwise', () => {
    expect(ids('Archived')).toEqual(['view', 'disableEditing', 'unarchive']);
    expect(ids('Draft')).toContain('archive');
  });

  it('maps each action to its server call', () => {
    const approved = actionsFor({ status: 'Approved', isAvailable: false, enableEditing: false });
    expect(approved.map((action) => action.action)).toEqual([
      null,
      'revoke',
      'toggleAvailable',
      'toggleEditing',
      'archive',
    ]);
  });

  it('asks first only before archiving and revoking, which take a course from its learners (decision 198)', () => {
    const all = [
      ...ids('Approved'),
      ...ids('Pending'),
      ...ids('Archived'),
      'makeAvailable',
      'enableEditing',
    ] as const;
    expect(all.filter(asksFirst).sort()).toEqual(['archive', 'archive', 'revoke']);
  });
});
