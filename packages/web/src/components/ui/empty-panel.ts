/**
 * The boards' dashed box for a list with nothing to show ("no course yet", a search that found none):
 * one look for the administrators' table and a contributor's board.
 */
export const emptyPanelClass = 'rounded-lg border border-dashed border-gray-300 bg-white px-6 py-16';
