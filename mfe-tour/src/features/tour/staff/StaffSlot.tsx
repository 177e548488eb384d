import { Suspense, lazy, useState } from 'react';
import { hasAdminSessionHint, type StaffPermissions } from '@tours/shared/api';

/**
 * Where the staff actions panel mounts on the tour page. This file is all a traveller's page holds of the staff
 * tools: the panel is a chunk of its own, fetched only when the browser has the staff-session hint cookie (set by the
 * agent console's sign-in); the API still checks the session and the permissions on every staff call.
 */
export interface StaffPanelProps {
  tour: { id: number; variants: readonly unknown[]; is_cruise: boolean; is_author_tour: boolean };
  /** An individual tour's request: its programme PDF is asked for by the request id. */
  individualRequestId: number | null;
  /** The session's permissions, once known (the page shows the maximum age with can_use_knowledge, public-site §6). */
  onPermissions: (permissions: StaffPermissions) => void;
}

const StaffPanel = lazy(() => import(/* webpackChunkName: "staff-panel" */ './StaffPanel'));

export function StaffSlot(props: StaffPanelProps) {
  // Read once: signing in or out at the agent console takes effect on the next page.
  const [staff] = useState(() => hasAdminSessionHint());
  if (!staff) return null;
  return (
    <Suspense fallback={null}>
      <StaffPanel {...props} />
    </Suspense>
  );
}
