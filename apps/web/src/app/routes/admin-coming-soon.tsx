import { AdminOnly } from '../../features/admin/shared/components/admin-only';
import { ComingSoon } from '../../features/admin/shared/components/coming-soon';

/** An admin screen whose issue is still open: the frame, the role check and a plain note. */
export function AdminComingSoon({ title }: { title: string }) {
  return (
    <AdminOnly>
      <ComingSoon title={title} />
    </AdminOnly>
  );
}
