// The toast region (src/ui, react-aria) in its own chunk: it renders nothing until a toast is shown
// (showToast in effects.ts), so the first paint need not carry it (quality bar: initial JS budget).
import { ToastRegion } from '../ui/index.ts';

export default function LazyToastRegion({ label, closeLabel }: { label: string; closeLabel: string }) {
  return <ToastRegion aria-label={label} closeLabel={closeLabel} />;
}
