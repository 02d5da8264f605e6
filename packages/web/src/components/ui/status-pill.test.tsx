import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { StatusPill, statusTone } from './status-pill.tsx';

afterEach(cleanup);

describe('status colours (description §4)', () => {
  it('contributor board: Pending red, Draft dark grey, Rejected amber (decision 206), others green', () => {
    expect(statusTone('Pending', 'contributor')).toBe('red');
    expect(statusTone('Draft', 'contributor')).toBe('darkGrey');
    expect(statusTone('Approved', 'contributor')).toBe('green');
    expect(statusTone('Rejected', 'contributor')).toBe('amber');
  });

  it('admin board: Pending red, Approved green, Draft and Archived grey, Rejected amber, others green', () => {
    expect(statusTone('Pending', 'admin')).toBe('red');
    expect(statusTone('Approved', 'admin')).toBe('green');
    expect(statusTone('Draft', 'admin')).toBe('grey');
    expect(statusTone('Archived', 'admin')).toBe('grey');
    expect(statusTone('Rejected', 'admin')).toBe('amber');
  });

  it('always carries the status as text', () => {
    render(<StatusPill status="Pending" board="admin" label="قيد المراجعة" lang="ar" />);
    expect(screen.getByText('قيد المراجعة')).toHaveAttribute('lang', 'ar');
  });
});
