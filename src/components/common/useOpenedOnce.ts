import { useState } from 'react';

/**
 * Whether a dialog has ever been open. A closed antd Modal still renders its hooks and generates
 * its styles; a dialog most readers never open mounts only when first opened, and stays mounted
 * after (so its closing animation plays and its state survives).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set during render (React's "storing information from previous renders"): the first open
  // render already mounts the dialog.
  if (open && !opened) setOpened(true);
  return opened || open;
}
