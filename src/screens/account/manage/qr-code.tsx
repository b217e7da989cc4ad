// A QR code as inline SVG drawn from uqr's module matrix: one path, no inline style or script (the
// CSP forbids both), so it renders under `style-src 'self'`. The image is named by `label`.
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, dimension } = useMemo(() => {
    const { data, size: modules } = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, dimension: modules };
  }, [value]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${dimension} ${dimension}`} shapeRendering="crispEdges">
      <rect width={dimension} height={dimension} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
