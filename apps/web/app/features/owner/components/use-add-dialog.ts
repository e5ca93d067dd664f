import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** The parameter of a link that opens a screen's Add dialog (`/owner/devices?add=1`, the dashboard's empty state). */
const ADD_PARAM = 'add';

/** A screen's Add dialog: open at first when the link asked for it; closing it drops the parameter. */
export function useAddDialog() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [adding, setAdding] = useState(() => searchParams.has(ADD_PARAM));
  const close = () => {
    setAdding(false);
    if (searchParams.has(ADD_PARAM)) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(ADD_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  };
  return { adding, open: () => setAdding(true), close };
}
