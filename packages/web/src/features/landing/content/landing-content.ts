import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IconType } from 'react-icons';
import { FiBarChart2, FiCompass, FiDatabase, FiGitBranch, FiUnlock, FiUsers } from 'react-icons/fi';
import { FaCreativeCommons, FaGithub, FaMicrochip, FaOsi, FaRProject } from 'react-icons/fa6';
import { SiNextflow, SiWeb3Dotjs } from 'react-icons/si';

/**
 * The static lists of the landing page (description §3: course, tab item, logo item, open-practice
 * card, supporter). Text is a message descriptor, translated when rendered.
 */

export interface LandingCourse {
  id: string;
  name: MessageDescriptor;
  description: MessageDescriptor;
  icon: IconType;
}

export const FEATURED_COURSES: LandingCourse[] = [
  {
    id: 'unlocking-open-science',
    name: msg`Unlocking the Secrets of Open Science`,
    description: msg`Discover what Open Science is, why it matters and how sharing research openly makes it more transparent, reproducible and useful to everyone.`,
    icon: FiUnlock,
  },
  {
    id: 'open-science-journey',
    name: msg`Starting Your Open Science Journey`,
    description: msg`Take your first practical steps: share your data and code, choose an open licence and publish your work where everyone can read it.`,
    icon: FiCompass,
  },
];

export const UPCOMING_COURSES: LandingCourse[] = [
  {
    id: 'open-data',
    name: msg`Open Data Essentials`,
    description: msg`Publish research data that others can find and reuse.`,
    icon: FiDatabase,
  },
  {
    id: 'reproducible-r',
    name: msg`Reproducible Research with R`,
    description: msg`Analyses that anyone can run again and check.`,
    icon: FiBarChart2,
  },
  {
    id: 'git-github',
    name: msg`Version Control with Git and GitHub`,
    description: msg`Track changes and work together on code and papers.`,
    icon: FiGitBranch,
  },
  {
    id: 'open-peer-review',
    name: msg`Open Peer Review`,
    description: msg`Review research in the open, fairly and constructively.`,
    icon: FiUsers,
  },
];

export interface OpenPracticeCard {
  id: string;
  name: MessageDescriptor;
  content: MessageDescriptor;
  icon: IconType;
  /** Card background; the text on it is dark ink (contrast above 12:1 on all three). */
  colour: string;
}

export const OPEN_PRACTICES: OpenPracticeCard[] = [
  {
    id: 'open-source',
    name: msg`OPEN SOURCE`,
    content: msg`Software whose source code anyone may read, use, change and share. Linux, Firefox and R are well-known examples.`,
    icon: FaOsi,
    colour: '#ededed',
  },
  {
    id: 'open-license',
    name: msg`OPEN LICENSE`,
    content: msg`A licence that tells everyone how a work may be used, adapted, shared and even sold, such as the Creative Commons licences.`,
    icon: FaCreativeCommons,
    colour: '#fff3d4',
  },
  {
    id: 'open-hardware',
    name: msg`OPEN HARDWARE`,
    content: msg`Physical designs, from lab instruments to circuit boards, whose plans are published so anyone can study, build and improve them.`,
    icon: FaMicrochip,
    colour: '#d4f1ff',
  },
];

export interface LogoItem {
  id: string;
  /** Brand names stay as they are in both languages. */
  name: string;
  icon: IconType;
}

/** Five logo items: licences, code hosting, a workflow tool, a statistics language, web3. */
export const LOGO_ITEMS: LogoItem[] = [
  { id: 'creative-commons', name: 'Creative Commons', icon: FaCreativeCommons },
  { id: 'github', name: 'GitHub', icon: FaGithub },
  { id: 'nextflow', name: 'Nextflow', icon: SiNextflow },
  { id: 'r', name: 'R', icon: FaRProject },
  { id: 'web3', name: 'web3', icon: SiWeb3Dotjs },
];

export interface TabItem {
  id: string;
  tab: 'tab1' | 'tab2';
  name: MessageDescriptor;
}

export const TAB_ITEMS: TabItem[] = [
  { id: 'overview', tab: 'tab1', name: msg`Overview` },
  { id: 'useful-links', tab: 'tab2', name: msg`Useful links` },
];

export interface UsefulLink {
  id: string;
  name: MessageDescriptor;
  description: MessageDescriptor;
  href: string;
}

export const USEFUL_LINKS: UsefulLink[] = [
  {
    id: 'turing-way',
    name: msg`The Turing Way`,
    description: msg`A community handbook to reproducible, ethical and collaborative data science.`,
    href: 'https://book.the-turing-way.org/',
  },
  {
    id: 'unesco',
    name: msg`UNESCO Recommendation on Open Science`,
    description: msg`The first international framework on Open Science, adopted by 193 countries in 2021.`,
    href: 'https://www.unesco.org/en/open-science',
  },
  {
    id: 'creative-commons',
    name: msg`Creative Commons licences`,
    description: msg`Free, simple licences to share your work and say how others may reuse it.`,
    href: 'https://creativecommons.org/share-your-work/cclicenses/',
  },
  {
    id: 'osi',
    name: msg`Open Source Initiative licences`,
    description: msg`The licences approved as meeting the Open Source Definition.`,
    href: 'https://opensource.org/licenses',
  },
  {
    id: 'oshwa',
    name: msg`Open Source Hardware Association`,
    description: msg`The definition of open hardware and how to certify your designs.`,
    href: 'https://www.oshwa.org/definition/',
  },
  {
    id: 'fair',
    name: msg`The FAIR principles`,
    description: msg`How to make research data Findable, Accessible, Interoperable and Reusable.`,
    href: 'https://www.go-fair.org/fair-principles/',
  },
];

export interface Supporter {
  id: string;
  name: string;
  description: MessageDescriptor;
  href: string;
}

export const SUPPORTERS: Supporter[] = [
  {
    id: 'outreachy',
    name: 'Outreachy',
    description: msg`Paid internships in open source and open science for people under-represented in tech.`,
    href: 'https://www.outreachy.org/',
  },
];

/**
 * The community's addresses. Keep them here (one place) so they are easy to confirm or change.
 */
export const COMMUNITY_LINKS = {
  contactEmail: 'admin@openscisaudi.com',
  communitySite: 'https://github.com/Open-Science-Community-Saudi-Arabia',
  documentation: 'https://book.the-turing-way.org/',
  blog: 'https://github.com/Open-Science-Community-Saudi-Arabia/MOOCs/discussions',
  twitter: 'https://x.com/OpenSciSaudi',
  linkedin: 'https://www.linkedin.com/company/open-science-community-saudi-arabia/',
  github: 'https://github.com/Open-Science-Community-Saudi-Arabia',
} as const;
