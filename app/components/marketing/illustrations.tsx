/**
 * Inline SVG illustrations: no requests, explicit width and height (so the browser reserves
 * their space before paint), scaled by CSS. Decorative ones are hidden from assistive
 * technology; the chart carries a text alternative.
 */

const indigo700 = "#4338ca";
const indigo50 = "#eef2ff";
const indigo100 = "#e0e7ff";
const indigo300 = "#a5b4fc";
const indigo400 = "#818cf8";
const slate200 = "#e2e8f0";
const slate300 = "#cbd5e1";
const slate500 = "#64748b";
const slate800 = "#1e293b";
const emerald500 = "#10b981";
const emerald700 = "#047857";

type IllustrationProps = { className?: string };

function Lines({ x, y, widths, fill, gap = 14, height = 7 }: {
  x: number;
  y: number;
  widths: readonly number[];
  fill: string;
  gap?: number;
  height?: number;
}) {
  return (
    <>
      {widths.map((width, index) => (
        <rect key={index} x={x} y={y + index * gap} width={width} height={height} rx={height / 2} fill={fill} />
      ))}
    </>
  );
}

function Sparkle({ x, y, size, fill }: { x: number; y: number; size: number; fill: string }) {
  const s = size;
  return (
    <path
      d={`M${x} ${y - s}l${s * 0.28} ${s * 0.72} ${s * 0.72} ${s * 0.28}-${s * 0.72} ${s * 0.28}-${s * 0.28} ${s * 0.72}-${s * 0.28}-${s * 0.72}-${s * 0.72}-${s * 0.28} ${s * 0.72}-${s * 0.28}z`}
      fill={fill}
    />
  );
}

function CheckBadge({ cx, cy, r = 9 }: { cx: number; cy: number; r?: number }) {
  return (
    <>
      <circle cx={cx} cy={cy} r={r} fill={emerald500} />
      <path
        d={`M${cx - r * 0.45} ${cy}l${r * 0.3} ${r * 0.32} ${r * 0.6}-${r * 0.62}`}
        stroke="#fff"
        strokeWidth={r * 0.24}
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  );
}

/** A policy document becoming a conversation with the coach, and the understanding it shows. */
export function HeroIllustration({ className = "" }: IllustrationProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="560"
      height="440"
      viewBox="0 0 560 440"
      className={className}
    >
      <circle cx="300" cy="215" r="200" fill={indigo50} />
      <circle cx="470" cy="70" r="34" fill={indigo100} />

      <g transform="rotate(-6 128 190)">
        <rect x="44" y="80" width="180" height="236" rx="14" fill={slate300} opacity="0.45" />
        <rect x="38" y="72" width="180" height="236" rx="14" fill="#fff" stroke={slate200} strokeWidth="1.5" />
        <rect x="58" y="96" width="90" height="10" rx="5" fill={indigo700} />
        <rect x="160" y="90" width="42" height="22" rx="11" fill="#fef3c7" />
        <text x="181" y="105" textAnchor="middle" fontSize="11" fontWeight="700" fill="#92400e">
          PDF
        </text>
        <Lines x={58} y={124} widths={[140, 128, 136, 96]} fill={slate200} gap={16} />
        <rect x="52" y="192" width="152" height="48" rx="9" fill={indigo50} />
        <Lines x={62} y={202} widths={[128, 110]} fill={indigo300} gap={16} />
        <Lines x={58} y={254} widths={[136, 120, 84]} fill={slate200} gap={16} />
      </g>

      <path
        d="M206 244C236 252 246 204 262 192"
        stroke={indigo400}
        strokeWidth="3"
        strokeDasharray="6 7"
        fill="none"
        strokeLinecap="round"
      />
      <Sparkle x={236} y={230} size={11} fill={indigo700} />

      <rect x="270" y="58" width="266" height="316" rx="22" fill="#c7d2fe" opacity="0.5" />
      <rect x="262" y="48" width="266" height="316" rx="22" fill="#fff" stroke={slate200} strokeWidth="1.5" />
      <path d="M262 104V70a22 22 0 0 1 22-22h222a22 22 0 0 1 22 22v34z" fill={indigo50} />
      <circle cx="292" cy="76" r="15" fill={indigo700} />
      <path d="M285 70h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-6l-5 4v-4h-3a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z" fill="#fff" />
      <text x="316" y="73" fontSize="13" fontWeight="700" fill={slate800}>
        Dialogic coach
      </text>
      <text x="316" y="90" fontSize="11" fill={slate500}>
        Gifts and hospitality · 3 of 5
      </text>

      <rect x="280" y="120" width="190" height="58" rx="14" fill={indigo50} />
      <Lines x={294} y={134} widths={[160, 140, 96]} fill={indigo300} />
      <rect x="330" y="192" width="180" height="58" rx="14" fill={indigo700} />
      <Lines x={344} y={206} widths={[150, 130, 80]} fill="#c7d2fe" />
      <rect x="280" y="264" width="204" height="44" rx="14" fill="#ecfdf5" />
      <CheckBadge cx={299} cy={286} />
      <Lines x={316} y={279} widths={[150, 108]} fill="#6ee7b7" />

      <rect x="280" y="322" width="190" height="28" rx="14" fill="#f1f5f9" />
      <rect x="294" y="333" width="90" height="6" rx="3" fill={slate300} />
      <circle cx="496" cy="336" r="17" fill={indigo700} />
      <rect x="492" y="326" width="8" height="13" rx="4" fill="#fff" />
      <path d="M487 336a9 9 0 0 0 18 0M496 345v4" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />

      <rect x="64" y="338" width="214" height="80" rx="16" fill={slate300} opacity="0.45" />
      <rect x="58" y="330" width="214" height="80" rx="16" fill="#fff" stroke={slate200} strokeWidth="1.5" />
      <text x="76" y="356" fontSize="12" fontWeight="600" fill="#475569">
        Understanding
      </text>
      <text x="254" y="357" textAnchor="end" fontSize="15" fontWeight="700" fill={emerald700}>
        86%
      </text>
      <rect x="76" y="368" width="178" height="10" rx="5" fill={slate200} />
      <rect x="76" y="368" width="153" height="10" rx="5" fill={emerald500} />
      <text x="76" y="397" fontSize="11" fill={slate500}>
        Scenario questions · Compliance
      </text>
    </svg>
  );
}

/** Step 1: files dropped into the upload area. */
export function UploadIllustration({ className = "" }: IllustrationProps) {
  const files = [
    { x: 104, y: 52, angle: -10, label: "PDF", tag: "#fee2e2", ink: "#b91c1c" },
    { x: 200, y: 34, angle: 0, label: "DOCX", tag: "#dbeafe", ink: "#1d4ed8" },
    { x: 296, y: 52, angle: 10, label: "PPTX", tag: "#ffedd5", ink: "#c2410c" },
  ];
  return (
    <svg aria-hidden="true" focusable="false" width="480" height="360" viewBox="0 0 480 360" className={className}>
      <rect x="20" y="20" width="440" height="320" rx="28" fill={indigo50} />
      <rect x="80" y="150" width="320" height="160" rx="20" fill="#fff" stroke={indigo400} strokeWidth="2.5" strokeDasharray="10 8" />
      <circle cx="240" cy="212" r="28" fill={indigo100} />
      <path d="M240 226v-28m-11 11 11-11 11 11" stroke={indigo700} strokeWidth="3.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <text x="240" y="270" textAnchor="middle" fontSize="14" fontWeight="600" fill="#334155">
        Policies, decks, handbooks
      </text>
      <text x="240" y="290" textAnchor="middle" fontSize="12" fill={slate500}>
        Drop files here
      </text>
      {files.map((file) => (
        <g key={file.label} transform={`rotate(${file.angle} ${file.x + 40} ${file.y + 50})`}>
          <rect x={file.x + 4} y={file.y + 6} width="80" height="100" rx="10" fill={slate300} opacity="0.5" />
          <rect x={file.x} y={file.y} width="80" height="100" rx="10" fill="#fff" stroke={slate200} strokeWidth="1.5" />
          <Lines x={file.x + 12} y={file.y + 16} widths={[56, 48, 52, 36]} fill={slate200} gap={12} height={6} />
          <rect x={file.x + 10} y={file.y + 72} width="44" height="18" rx="9" fill={file.tag} />
          <text x={file.x + 32} y={file.y + 85} textAnchor="middle" fontSize="10" fontWeight="700" fill={file.ink}>
            {file.label}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Step 2: the AI drafts modules and questions; a trainer approves them. */
export function ProgramIllustration({ className = "" }: IllustrationProps) {
  const modules = [
    { y: 120, widths: [130, 90] },
    { y: 176, widths: [110, 120] },
    { y: 232, widths: [124, 70] },
  ];
  return (
    <svg aria-hidden="true" focusable="false" width="480" height="360" viewBox="0 0 480 360" className={className}>
      <rect x="20" y="20" width="440" height="320" rx="28" fill={indigo50} />
      <rect x="66" y="58" width="250" height="262" rx="18" fill={slate300} opacity="0.45" />
      <rect x="60" y="50" width="250" height="262" rx="18" fill="#fff" stroke={slate200} strokeWidth="1.5" />
      <rect x="80" y="72" width="150" height="12" rx="6" fill={indigo700} />
      <rect x="80" y="94" width="100" height="8" rx="4" fill={slate300} />
      {modules.map((module, index) => (
        <g key={module.y}>
          <rect x="80" y={module.y} width="210" height="46" rx="12" fill="#f8fafc" stroke={slate200} />
          <circle cx="103" cy={module.y + 23} r="12" fill={indigo100} />
          <text x="103" y={module.y + 27.5} textAnchor="middle" fontSize="12" fontWeight="700" fill={indigo700}>
            {index + 1}
          </text>
          <Lines x={124} y={module.y + 13} widths={module.widths} fill={slate300} gap={13} height={7} />
        </g>
      ))}
      <path d="M393 130v26M393 214v12" stroke={indigo400} strokeWidth="2.5" strokeDasharray="5 6" fill="none" />
      <path d="M359 96h-34" stroke={indigo400} strokeWidth="2.5" strokeDasharray="5 6" fill="none" />
      <circle cx="393" cy="96" r="34" fill={indigo700} />
      <Sparkle x={389} y={96} size={16} fill="#fff" />
      <Sparkle x={407} y={82} size={7} fill="#c7d2fe" />
      {[156, 226].map((y) => (
        <g key={y}>
          <rect x="334" y={y} width="118" height="58" rx="12" fill="#fff" stroke={slate200} strokeWidth="1.5" />
          <circle cx="354" cy={y + 20} r="10" fill="#fef3c7" />
          <text x="354" y={y + 24.5} textAnchor="middle" fontSize="13" fontWeight="700" fill="#92400e">
            ?
          </text>
          <Lines x={372} y={y + 14} widths={[66, 50]} fill={slate300} gap={12} height={6} />
          <rect x="346" y={y + 40} width="90" height="6" rx="3" fill={slate200} />
        </g>
      ))}
      <rect x="150" y="292" width="196" height="36" rx="18" fill="#ecfdf5" stroke="#a7f3d0" />
      <CheckBadge cx={172} cy={310} />
      <text x="188" y="314.5" fontSize="12.5" fontWeight="600" fill={emerald700}>
        Approved by trainer
      </text>
    </svg>
  );
}

/** Step 3: a learner talks it through by voice; understanding shows by topic. */
export function ConversationIllustration({ className = "" }: IllustrationProps) {
  const wave = [8, 16, 24, 12, 28, 18, 10, 22, 14, 26, 12, 18, 8];
  const topics = [
    { y: 116, score: 126, color: emerald500 },
    { y: 160, score: 104, color: emerald500 },
    { y: 204, score: 62, color: "#f59e0b" },
    { y: 248, score: 118, color: emerald500 },
  ];
  return (
    <svg aria-hidden="true" focusable="false" width="480" height="360" viewBox="0 0 480 360" className={className}>
      <rect x="20" y="20" width="440" height="320" rx="28" fill={indigo50} />
      <rect x="66" y="34" width="180" height="296" rx="30" fill={slate800} />
      <rect x="76" y="46" width="160" height="272" rx="22" fill="#fff" />
      <rect x="88" y="64" width="124" height="46" rx="12" fill={indigo50} />
      <Lines x={98} y={74} widths={[100, 84]} fill={indigo300} gap={13} height={6} />
      <rect x="112" y="120" width="112" height="38" rx="12" fill={indigo700} />
      <Lines x={122} y={130} widths={[88, 60]} fill="#c7d2fe" gap={12} height={6} />
      <rect x="88" y="168" width="132" height="52" rx="12" fill="#ecfdf5" />
      <CheckBadge cx={104} cy={184} r={8} />
      <Lines x={118} y={180} widths={[90, 70, 80]} fill="#6ee7b7" gap={11} height={6} />
      <rect x="88" y="262" width="136" height="38" rx="19" fill={indigo50} />
      {wave.map((height, index) => (
        <rect key={index} x={100 + index * 7} y={281 - height / 2} width="3.5" height={height} rx="1.75" fill={indigo700} />
      ))}
      <circle cx="206" cy="281" r="13" fill={indigo700} />
      <rect x="203" y="273" width="6" height="10" rx="3" fill="#fff" />
      <path d="M199 281a7 7 0 0 0 14 0" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" />

      <rect x="274" y="70" width="184" height="222" rx="18" fill={slate300} opacity="0.45" />
      <rect x="268" y="62" width="184" height="222" rx="18" fill="#fff" stroke={slate200} strokeWidth="1.5" />
      <text x="288" y="92" fontSize="11.5" fontWeight="700" fill="#334155">
        Understanding by topic
      </text>
      {topics.map((topic) => (
        <g key={topic.y}>
          <rect x="288" y={topic.y} width="70" height="7" rx="3.5" fill={slate300} />
          <rect x="288" y={topic.y + 15} width="144" height="10" rx="5" fill={slate200} />
          <rect x="288" y={topic.y + 15} width={topic.score} height="10" rx="5" fill={topic.color} />
        </g>
      ))}
    </svg>
  );
}

/** Recall over 30 days: one training session versus conversation practice spaced over time. */
export function ForgettingCurveChart({ label, className = "" }: IllustrationProps & { label: string }) {
  const left = 56;
  const right = 536;
  const top = 28;
  const bottom = 248;
  const x = (day: number) => left + (day / 30) * (right - left);
  const y = (percent: number) => bottom - (percent / 100) * (bottom - top);
  const onceOnly = curve([{ from: 0, strength: 5 }]);
  const spaced = curve([
    { from: 0, strength: 5 },
    { from: 2, strength: 9 },
    { from: 6, strength: 18 },
    { from: 13, strength: 40 },
    { from: 22, strength: 90 },
  ]);

  function curve(sessions: readonly { from: number; strength: number }[]) {
    const points: string[] = [];
    for (let step = 0; step <= 300; step += 1) {
      const day = step / 10;
      const session = [...sessions].reverse().find((candidate) => candidate.from <= day) ?? sessions[0]!;
      const recall = 10 + 88 * Math.exp(-(day - session.from) / session.strength);
      points.push(`${x(day).toFixed(1)},${y(recall).toFixed(1)}`);
    }
    return points.join(" ");
  }

  return (
    <svg role="img" aria-label={label} width="560" height="300" viewBox="0 0 560 300" className={className}>
      {[0, 25, 50, 75, 100].map((percent) => (
        <g key={percent}>
          <line x1={left} x2={right} y1={y(percent)} y2={y(percent)} stroke={slate200} strokeWidth="1" />
          <text x={left - 10} y={y(percent) + 4} textAnchor="end" fontSize="11" fill={slate500}>
            {percent}%
          </text>
        </g>
      ))}
      {[0, 7, 14, 21, 30].map((day) => (
        <text key={day} x={x(day)} y={bottom + 20} textAnchor="middle" fontSize="11" fill={slate500}>
          {day === 0 ? "Day 0" : `Day ${day}`}
        </text>
      ))}
      <polyline points={onceOnly} fill="none" stroke="#94a3b8" strokeWidth="3" strokeDasharray="7 6" strokeLinejoin="round" />
      <polyline points={spaced} fill="none" stroke={indigo700} strokeWidth="3.5" strokeLinejoin="round" />
      <circle cx={x(30)} cy={y(10.6)} r="5" fill="#94a3b8" />
      <circle cx={x(30)} cy={y(10 + 88 * Math.exp(-8 / 90))} r="5" fill={indigo700} />
      <g fontSize="12" fontWeight="600">
        <line x1="80" x2="104" y1="286" y2="286" stroke="#94a3b8" strokeWidth="3" strokeDasharray="7 6" />
        <text x="112" y="290" fill="#475569">
          One training session
        </text>
        <line x1="290" x2="314" y1="286" y2="286" stroke={indigo700} strokeWidth="3.5" />
        <text x="322" y="290" fill={indigo700}>
          Spaced conversation practice
        </text>
      </g>
    </svg>
  );
}
