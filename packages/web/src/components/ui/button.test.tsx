import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('looks unavailable when disabled, whatever its variant (an outlined one looked pressable)', () => {
    render(
      <>
        {(['primary', 'secondary', 'danger', 'ghost'] as const).map((variant) => (
          <Button key={variant} variant={variant} disabled>
            {variant}
          </Button>
        ))}
      </>,
    );
    for (const variant of ['primary', 'secondary', 'danger', 'ghost']) {
      const button = screen.getByRole('button', { name: variant });
      expect(button).toBeDisabled();
      expect(button).toHaveClass('disabled:opacity-60');
    }
  });
});
