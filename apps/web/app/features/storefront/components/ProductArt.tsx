import type { ReactNode } from 'react';
import { Air, Canvas, LINE, STROKE, type ArtProps } from './ArtCanvas';

const ART = {
  purifier: ({ className }) => (
    <Canvas tint="#e0f2fe" className={className}>
      <Air />
      <rect x="86" y="34" width="68" height="122" rx="30" fill="#fff" stroke="#94a3b8" strokeWidth="2" />
      <circle cx="120" cy="74" r="20" fill="#e0f2fe" stroke={STROKE} strokeWidth="3" />
      <path d="M108 74h24M111 66h18M111 82h18" stroke={STROKE} strokeWidth="2" strokeLinecap="round" />
      <rect x="102" y="112" width="36" height="4" rx="2" fill="#0ea5e9" />
      <rect x="102" y="122" width="36" height="4" rx="2" fill="#7dd3fc" />
      <rect x="102" y="132" width="36" height="4" rx="2" fill="#bae6fd" />
      <circle cx="98" cy="156" r="5" fill="#334155" />
      <circle cx="142" cy="156" r="5" fill="#334155" />
    </Canvas>
  ),
  sensor: ({ className }) => (
    <Canvas tint="#ecfeff" className={className}>
      <g {...LINE} stroke="#67e8f9">
        <path d="M70 60a70 70 0 0 1 100 0" />
        <path d="M84 74a50 50 0 0 1 72 0" />
      </g>
      <rect x="84" y="82" width="72" height="72" rx="22" fill="#fff" stroke="#94a3b8" strokeWidth="2" />
      <circle cx="120" cy="118" r="20" fill="none" stroke="#0891b2" strokeWidth="4" />
      <circle cx="120" cy="118" r="6" fill="#22c55e" />
    </Canvas>
  ),
  switches: ({ className }) => (
    <Canvas tint="#f1f5f9" className={className}>
      <rect x="66" y="30" width="108" height="120" rx="14" fill="#0f172a" />
      <rect x="72" y="36" width="96" height="108" rx="10" fill="#1e293b" />
      {[
        [98, 70],
        [142, 70],
        [98, 112],
        [142, 112],
      ].map(([cx, cy], index) => (
        <g key={`${cx}-${cy}`}>
          <circle
            cx={cx}
            cy={cy}
            r="14"
            fill="none"
            stroke={index === 0 ? '#38bdf8' : '#64748b'}
            strokeWidth="3"
          />
          <circle cx={cx} cy={cy} r="3" fill={index === 0 ? '#38bdf8' : '#64748b'} />
        </g>
      ))}
    </Canvas>
  ),
  automation: ({ className }) => (
    <Canvas tint="#eef2ff" className={className}>
      <path
        d="M60 92 120 44l60 48v58H60Z"
        fill="#fff"
        stroke="#6366f1"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <rect x="106" y="112" width="28" height="38" rx="4" fill="#e0e7ff" stroke="#6366f1" strokeWidth="2" />
      <g stroke="#6366f1" strokeWidth="2" strokeDasharray="4 4">
        <path d="M120 86 80 104M120 86l40 18" />
      </g>
      <circle cx="120" cy="86" r="8" fill="#6366f1" />
      <circle cx="80" cy="104" r="6" fill="#22c55e" />
      <circle cx="160" cy="104" r="6" fill="#f59e0b" />
    </Canvas>
  ),
  surveillance: ({ className }) => (
    <Canvas tint="#fef3c7" className={className}>
      <rect x="70" y="36" width="100" height="14" rx="7" fill="#334155" />
      <path d="M86 50h68v22a34 34 0 0 1-68 0Z" fill="#fff" stroke="#94a3b8" strokeWidth="2" />
      <circle cx="120" cy="76" r="16" fill="#0f172a" />
      <circle cx="120" cy="76" r="7" fill="#38bdf8" />
      <circle cx="125" cy="71" r="2.5" fill="#fff" />
      <g {...LINE} stroke="#f59e0b">
        <path d="M70 128c16 12 84 12 100 0" />
        <path d="M84 144c12 8 60 8 72 0" />
      </g>
    </Canvas>
  ),
  home: ({ className }) => (
    <Canvas tint="#dcfce7" className={className}>
      <rect x="72" y="46" width="96" height="108" rx="6" fill="#fff" stroke="#16a34a" strokeWidth="3" />
      {[0, 1, 2].map((row) =>
        [0, 1, 2].map((col) => (
          <rect
            key={`${row}-${col}`}
            x={86 + col * 26}
            y={60 + row * 28}
            width="16"
            height="16"
            rx="3"
            fill={(row + col) % 2 === 0 ? '#86efac' : '#dcfce7'}
          />
        )),
      )}
      <g {...LINE} stroke="#16a34a">
        <path d="M176 46a24 24 0 0 1 24 24" />
        <path d="M176 32a38 38 0 0 1 38 38" />
      </g>
    </Canvas>
  ),
} satisfies Record<string, (props: ArtProps) => ReactNode>;

const ART_BY_ID: Record<string, keyof typeof ART> = {
  'isaac-purifier': 'purifier',
  'skywalker-sensor': 'sensor',
  'lumos-switches': 'switches',
  'ultimate-automation': 'automation',
  'smart-surveillance': 'surveillance',
  'connected-homes': 'home',
};

/** The illustration of one of the six landing products, by catalog id (the purifier for anything else). */
export function ProductArt({ id, className }: { id: string; className?: string }) {
  const Art = ART[ART_BY_ID[id] ?? 'purifier'];
  return <>{Art({ className })}</>;
}
