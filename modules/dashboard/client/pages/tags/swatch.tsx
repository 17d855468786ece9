/** A tag's colour as a small square; an SVG fill rather than a style, which the strict CSP would refuse. */
export function Swatch({ color }: { color: string }) {
  return (
    <svg class={`tag-swatch${color ? '' : ' no-colour'}`} width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="13" height="13" rx="3" fill={color || 'none'} />
    </svg>
  );
}
