/**
 * The focus ring of a card whose link or button covers it (that control draws none itself:
 * `outline-none!`, decision 120). A ring is a box shadow, which forced colours (Windows high
 * contrast) remove; there the card draws an outline instead, which they keep (decision 135).
 */
export const CARD_FOCUS_RING =
  'focus-within:ring-2 focus-within:ring-primary-dark forced-colors:focus-within:outline-3 forced-colors:focus-within:outline-offset-2';
