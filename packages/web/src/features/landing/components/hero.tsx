import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { FiArrowRight } from 'react-icons/fi';
import { paths } from '../../../lib/paths.ts';

/** Decorative: an open book under orbiting ideas, in the brand colours. */
function HeroIllustration() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 400 320" className="h-auto w-full max-w-md">
      <circle cx="200" cy="150" r="130" fill="#e6f5f3" />
      <ellipse
        cx="200"
        cy="140"
        rx="150"
        ry="48"
        fill="none"
        stroke="#009985"
        strokeWidth="3"
        strokeDasharray="6 10"
      />
      <ellipse
        cx="200"
        cy="140"
        rx="150"
        ry="48"
        fill="none"
        stroke="#00604f"
        strokeWidth="2"
        strokeDasharray="4 12"
        transform="rotate(60 200 140)"
      />
      <circle cx="62" cy="118" r="12" fill="#ffb020" />
      <circle cx="300" cy="52" r="10" fill="#009985" />
      <circle cx="318" cy="232" r="14" fill="#3d7dd8" />
      <path
        d="M200 250 C160 226 110 222 70 232 V128 C110 118 160 122 200 146 Z"
        fill="#ffffff"
        stroke="#00604f"
        strokeWidth="4"
      />
      <path
        d="M200 250 C240 226 290 222 330 232 V128 C290 118 240 122 200 146 Z"
        fill="#ffffff"
        stroke="#00604f"
        strokeWidth="4"
      />
      <path d="M200 146 V250" stroke="#00604f" strokeWidth="4" />
      <path
        d="M95 150 C125 144 155 148 180 160 M95 172 C125 166 155 170 180 182 M95 194 C125 188 155 192 180 204"
        stroke="#009985"
        strokeWidth="4"
        strokeLinecap="round"
        fill="none"
      />
      <path
        d="M220 160 C245 148 275 144 305 150 M220 182 C245 170 275 166 305 172 M220 204 C245 192 275 188 305 194"
        stroke="#ffb020"
        strokeWidth="4"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-white to-primary-light/60">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-5 py-14 lg:grid-cols-2 lg:py-20">
        <div className="flex flex-col items-start gap-6">
          <p className="rounded-full bg-primary-light px-3 py-1 text-sm font-semibold text-primary-darker">
            <Trans>Open Science Community Saudi Arabia</Trans>
          </p>
          <h1 id="hero-title" className="text-4xl font-bold leading-tight text-ink sm:text-5xl">
            <Trans>Learn Open Science, in Arabic and English</Trans>
          </h1>
          <p className="max-w-xl text-lg text-muted">
            <Trans>
              We are an open-science community in Saudi Arabia. Our free courses, with videos, readings and
              quizzes, show you how to share research openly and work in the open with others.
            </Trans>
          </p>
          <Link
            to={paths.signup}
            className="inline-flex min-h-12 items-center gap-2 rounded-md bg-primary-dark px-6 py-3 text-base font-semibold text-white hover:bg-primary-darker"
          >
            <Trans>Join us now!</Trans>
            <FiArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
          </Link>
        </div>
        <div className="flex justify-center">
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}
