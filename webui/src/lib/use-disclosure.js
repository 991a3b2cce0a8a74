import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * useDisclosure is the state of a header dropdown: open or not, closed again by a path change
 * or a pointer press outside root. Attach root to the wrapper and button to the trigger.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const root = useRef(null);
  const button = useRef(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (e) => root.current && !root.current.contains(e.target) && setOpen(false);
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return { open, setOpen, root, button };
}
