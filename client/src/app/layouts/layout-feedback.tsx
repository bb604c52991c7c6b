import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';

/** The toasts and the overlay spinner (spec section 2): every layout shows them over its page. */
export function LayoutFeedback() {
  return (
    <>
      <ToastViewport />
      <OverlaySpinner />
    </>
  );
}
