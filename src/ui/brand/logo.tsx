import { markShapes } from './mark';

const { tile, facet, peak, pixel } = markShapes;

/**
 * The logo mark, inline (no request). Decorative by default: it always stands next to the site's
 * name, which is the accessible text; pass `title` where it stands alone.
 */
function LogoMark({ className = 'h-8 w-8', title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox={markShapes.viewBox}
      className={className}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
      data-logo-mark=""
    >
      {title ? <title>{title}</title> : null}
      <rect width={tile.width} height={tile.height} rx={tile.rx} fill={tile.fill} />
      <path d={facet.d} fill={facet.fill} />
      <path d={peak.d} fill="none" stroke={peak.stroke} strokeWidth={peak.strokeWidth} strokeLinecap="round" strokeLinejoin="round" />
      <rect x={pixel.x} y={pixel.y} width={pixel.width} height={pixel.height} rx={pixel.rx} fill={pixel.fill} />
    </svg>
  );
}

/** Mark and name, as the header shows them. */
export function Logo({ siteName }: { siteName: string }) {
  return (
    <span className="flex items-center gap-2">
      <LogoMark className="h-8 w-8 shrink-0" />
      <span>{siteName}</span>
    </span>
  );
}
