import { Component, createRef, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../../components/ui/button.tsx';

/**
 * Around the lazily loaded PDF viewer: its code is a chunk of its own, downloaded when a PDF is first
 * opened, and a download that fails (connection lost, a deploy that replaced the chunk) must not take
 * the whole course viewer down to the app's error page. The PDF's place says "Failed to load PDF
 * file.", as the viewer does for a file it cannot read, with "Try again".
 */
export class PdfLoadBoundary extends Component<
  {
    children: ReactNode;
    /** Asks for the code again: React.lazy keeps a failed download's error, so a new one is needed. */
    onRetry: () => void;
  },
  { failed: boolean }
> {
  override state = { failed: false };
  private readonly place = createRef<HTMLDivElement>();

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
    // "Try again" is about to go (a spinner, then the PDF, takes its place): the keyboard focus stays
    // here rather than falling back to the top of the page.
    this.place.current?.focus();
  };

  override render() {
    return (
      <div ref={this.place} tabIndex={-1} className="outline-none">
        {this.state.failed ? <LoadFailure onRetry={this.retry} /> : this.props.children}
      </div>
    );
  }
}

function LoadFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-lg border border-gray-200 bg-gray-100 p-6">
      <p role="alert" className="text-center text-error">
        {t`Failed to load PDF file.`}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
