import type { ReactNode } from 'react';
import { Canvas, LINE, type ArtProps } from './ArtCanvas';

const ART = {
  hepa: ({ className }) => (
    <Canvas tint="#e0f2fe" className={className}>
      <rect x="64" y="40" width="112" height="104" rx="8" fill="#fff" stroke="#94a3b8" strokeWidth="2" />
      <path
        d="M74 50l8 84 8-84 8 84 8-84 8 84 8-84 8 84 8-84 8 84 8-84 8 84 8-84"
        fill="none"
        stroke="#0ea5e9"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </Canvas>
  ),
  carbon: ({ className }) => (
    <Canvas tint="#f1f5f9" className={className}>
      <rect x="64" y="40" width="112" height="104" rx="8" fill="#334155" />
      <path
        d="M74 50l8 84 8-84 8 84 8-84 8 84 8-84 8 84 8-84 8 84 8-84 8 84 8-84"
        fill="none"
        stroke="#0f172a"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </Canvas>
  ),
  prefilter: ({ className }) => (
    <Canvas tint="#ecfdf5" className={className}>
      <rect x="64" y="40" width="112" height="104" rx="8" fill="#fff" stroke="#059669" strokeWidth="3" />
      <g stroke="#6ee7b7" strokeWidth="1.5">
        {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => (
          <path key={`v${i}`} d={`M${76 + i * 11} 46v92`} />
        ))}
        {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
          <path key={`h${i}`} d={`M70 ${52 + i * 11}h100`} />
        ))}
      </g>
    </Canvas>
  ),
  adapter: ({ className }) => (
    <Canvas tint="#fef9c3" className={className}>
      <rect x="92" y="50" width="56" height="70" rx="10" fill="#fff" stroke="#94a3b8" strokeWidth="2" />
      <path d="M108 50V34M132 50V34" stroke="#475569" strokeWidth="5" strokeLinecap="round" />
      <path d="M120 120c0 20-30 14-30 34" {...LINE} stroke="#475569" />
      <path d="m116 72-6 14h10l-6 14" {...LINE} stroke="#eab308" />
    </Canvas>
  ),
  mount: ({ className }) => (
    <Canvas tint="#f1f5f9" className={className}>
      <rect x="70" y="36" width="14" height="116" rx="3" fill="#cbd5e1" />
      <path d="M84 70h48a8 8 0 0 1 8 8v14H84" fill="#fff" stroke="#475569" strokeWidth="3" />
      <circle cx="77" cy="54" r="3" fill="#475569" />
      <circle cx="77" cy="132" r="3" fill="#475569" />
      <rect x="132" y="92" width="40" height="40" rx="12" fill="#fff" stroke="#0891b2" strokeWidth="3" />
    </Canvas>
  ),
  remote: ({ className }) => (
    <Canvas tint="#ede9fe" className={className}>
      <rect x="96" y="26" width="48" height="128" rx="20" fill="#1e293b" />
      <circle cx="120" cy="54" r="9" fill="#f43f5e" />
      {[0, 1, 2].map((row) => (
        <g key={row}>
          <circle cx="110" cy={84 + row * 20} r="5" fill="#94a3b8" />
          <circle cx="130" cy={84 + row * 20} r="5" fill="#94a3b8" />
        </g>
      ))}
    </Canvas>
  ),
  kit: ({ className }) => (
    <Canvas tint="#e0f2fe" className={className}>
      <path
        d="M56 70 120 46l64 24v62l-64 24-64-24Z"
        fill="#fff"
        stroke="#0369a1"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M56 70l64 24 64-24M120 94v62" {...LINE} />
      <path d="M76 100l28 10M76 114l28 10" stroke="#7dd3fc" strokeWidth="3" strokeLinecap="round" />
    </Canvas>
  ),
  bundle: ({ className }) => (
    <Canvas tint="#ecfeff" className={className}>
      {[0, 1, 2, 3].map((i) => (
        <rect
          key={i}
          x={62 + i * 10}
          y={42 + i * 14}
          width="96"
          height="58"
          rx="8"
          fill={i % 2 === 0 ? '#fff' : '#334155'}
          stroke="#64748b"
          strokeWidth="2"
        />
      ))}
    </Canvas>
  ),
} satisfies Record<string, (props: ArtProps) => ReactNode>;

const ART_BY_ID: Record<string, keyof typeof ART> = {
  'hepa-filter': 'hepa',
  'carbon-filter': 'carbon',
  'pre-filter': 'prefilter',
  'smart-power-adapter': 'adapter',
  'wall-mount-kit': 'mount',
  'remote-control': 'remote',
  'filter-replacement-kit': 'kit',
  'filter-bundle-pack': 'bundle',
};

/** The illustration of an accessory or filter, by catalog id (the filter kit for anything else). */
export function AccessoryArt({ id, className }: { id: string; className?: string }) {
  const Art = ART[ART_BY_ID[id] ?? 'kit'];
  return <>{Art({ className })}</>;
}
