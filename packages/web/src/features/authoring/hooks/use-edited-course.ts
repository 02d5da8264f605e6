import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAddressParams } from '../../../lib/address-params.ts';

/** The address's `?edit=` names the course whose edit form is open over a board. */
export const EDIT_PARAM = 'edit';

/** Marks the history entry the board itself added by opening the form (`location.state`). */
const OPENED_HERE = 'editOpenedHere';
/**
 * This page load: an entry's state outlives a reload (the history keeps it), but Back from a reloaded
 * entry to one the earlier load pushed loads the app again (a new document), so only an entry this
 * load pushed is closed by going Back.
 */
const THIS_LOAD = Math.random().toString(36).slice(2);

const without = (params: URLSearchParams) => {
  const next = new URLSearchParams(params);
  next.delete(EDIT_PARAM);
  return next;
};

/**
 * Which course's edit form is open over a board, kept in the address (decision 185): a reload finds
 * the form open again (and its autosaved changes offered), and the phone's Back closes it rather than
 * leaving the board. Opening adds a history entry; closing one the board added goes Back to the entry
 * before (so Back and the form's own close end in the same place); closing one the address came with
 * (a reload, a shared link: not pushed by this page load) takes `edit` out of the address in place.
 */
export function useEditedCourse(): { openId: string | null; open: (id: string) => void; close: () => void } {
  const [params, setParams] = useAddressParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openedHere = (location.state as Record<string, unknown> | null)?.[OPENED_HERE] === THIS_LOAD;
  // The same function for as long as the board is shown: the router's setter changes with the address,
  // and a new `open` would rebuild the admin table's columns, and its rows' menu buttons with them (the
  // focus could not return to the button the form was opened from).
  const latestSetParams = useRef(setParams);
  useLayoutEffect(() => {
    latestSetParams.current = setParams;
  });
  const open = useCallback(
    (id: string) =>
      latestSetParams.current((current) => new URLSearchParams([...without(current), [EDIT_PARAM, id]]), {
        state: { [OPENED_HERE]: THIS_LOAD },
      }),
    [],
  );
  // Once until the address moves: a second close before it has (the form's own close right after
  // Escape, say) would go Back twice, off the board. The address moving, whichever way (Forward to
  // this entry again included), lets the next close act.
  const closed = useRef<string | null>(null);
  useEffect(() => {
    closed.current = null;
  }, [location.key]);
  const close = useCallback(() => {
    if (closed.current === location.key) return;
    closed.current = location.key;
    if (openedHere) void navigate(-1);
    else setParams(without, { replace: true });
  }, [location.key, openedHere, navigate, setParams]);
  return { openId: params.get(EDIT_PARAM) || null, open, close };
}
