import { useApp } from '../store/StoreContext';

/**
 * Cancel for the sprint's running model step (Analyze, Generate plan, Refine, Regenerate item): these run up to
 * ten minutes, and `plan:cancel` stops the CLI at once. Specs have their own Cancel in the Specs panel.
 */
export function StepCancel() {
  const busy = useApp((s) => s.sprintBusy);
  const cancelling = useApp((s) => s.cancellingStep);
  const cancel = useApp((s) => s.cancelStep);
  if (busy !== 'analyze' && busy !== 'generate' && busy !== 'refine' && busy !== 'regenerate') return null;
  return (
    <button type="button" disabled={cancelling} onClick={() => void cancel()}>
      {cancelling ? 'Cancelling…' : 'Cancel'}
    </button>
  );
}
