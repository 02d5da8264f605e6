import { ContributorBoard } from '../features/authoring/components/contributor-board.tsx';

/** /contributor/dashboard (description §2 "Contributor's Board"). */
export function Component() {
  return <ContributorBoard />;
}
