import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '../../../lib/paths.ts';

/** The closing call to action: 'Join Us' (to /login). */
export function JoinUs() {
  return (
    <section aria-labelledby="join-title" className="bg-primary-darker text-white">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-5 py-16 text-center">
        <h2 id="join-title" className="text-3xl font-bold">
          <Trans>Ready to make your research open?</Trans>
        </h2>
        <p className="max-w-2xl text-lg text-white/95">
          <Trans>Join a growing community of learners and contributors across Saudi Arabia and beyond.</Trans>
        </p>
        <Link
          to={paths.login}
          className="inline-flex min-h-12 items-center rounded-md bg-white px-8 py-3 text-base font-semibold text-primary-darker hover:bg-primary-light focus-visible:outline-white"
        >
          <Trans>Join Us</Trans>
        </Link>
      </div>
    </section>
  );
}
