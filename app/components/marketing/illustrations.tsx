
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

/**
 * A text of an illustration, and the bar that stands in for it where the drawing is too small for
 * the text to reach 12 px (container queries in app.css swap them): no text in a drawing is ever
 * smaller than that.
 */
function Label({
  x,
  y,
  size,
  weight,
  fill,
  anchor = "start",
  children,
}: {
  x: number | string;
  y: number | string;
  size: number;
  weight?: string;
  fill: string;
  anchor?: "start" | "middle" | "end";
  children: string | number;
}) {
  const [left, baseline] = [Number(x), Number(y)];
  const width = String(children).length * size * 0.56;
  const height = size * 0.6;
  const start = anchor === "middle" ? left - width / 2 : anchor === "end" ? left - width : left;
  return (
    <>
      <text className="illustration-text" x={x} y={y} fontSize={size} fontWeight={weight} fill={fill} textAnchor={anchor}>
        {children}
      </text>
      <rect
        className="illustration-bar"
        x={start}
        y={baseline - size * 0.68}
        width={width}
        height={height}
        rx={height / 2}
        fill={fill}
        opacity="0.35"
      />
    </>
  );
}

/** The drawing inside a size container, so its labels can tell how large they are drawn. */
function Frame({
  kind,
  className,
  width,
  height,
  children,
}: {
  kind: "wide" | "step";
  className: string;
  width: number;
  height: number;
  children: React.ReactNode;
}) {
  return (
    <div className={`illustration-${kind} ${className}`}>
      <svg aria-hidden="true" focusable="false" width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="block h-auto w-full">
        {children}
      </svg>
    </div>
  );
}

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

/** A white card with its soft shadow below and to the right. */
function Card({ x, y, width, height, rx }: { x: number; y: number; width: number; height: number; rx: number }) {
  return (
    <>
      <rect x={x + 6} y={y + 8} width={width} height={height} rx={rx} fill={slate300} opacity="0.45" />
      <rect x={x} y={y} width={width} height={height} rx={rx} fill="#fff" stroke={slate200} strokeWidth="1.5" />
    </>
  );
}

/** A policy document becoming a conversation with the coach, and the understanding it shows. */
export function HeroIllustration({ className = "" }: IllustrationProps) {
  return (
    <Frame kind="wide" className={className} width={560} height={440}>
      <circle cx="300" cy="215" r="200" fill={indigo50} />
      <circle cx="470" cy="70" r="34" fill={indigo100} />

      <g transform="rotate(-6 128 190)">
        <Card x={38} y={72} width={180} height={236} rx={14} />
        <rect x="58" y="96" width="90" height="10" rx="5" fill={indigo700} />
        <rect x="160" y="90" width="42" height="22" rx="11" fill="#fef3c7" />
        <Label x="181" y="106" size={13} weight="700" fill="#92400e" anchor="middle">PDF</Label>
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
      <Label x="316" y="73" size={13} weight="700" fill={slate800}>Dialogic coach</Label>
      <Label x="316" y="92" size={13} fill={slate500}>Gifts and hospitality</Label>

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

      <Card x={58} y={330} width={214} height={80} rx={16} />
      <Label x="76" y="356" size={13} weight="600" fill="#475569">Understanding</Label>
      <Label x="254" y="357" size={15} weight="700" fill={emerald700} anchor="end">86%</Label>
      <rect x="76" y="368" width="178" height="10" rx="5" fill={slate200} />
      <rect x="76" y="368" width="153" height="10" rx="5" fill={emerald500} />
      <Label x="76" y="398" size={13} fill={slate500}>Scenario questions</Label>
    </Frame>
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
    <Frame kind="step" className={className} width={480} height={360}>
      <rect x="20" y="20" width="440" height="320" rx="28" fill={indigo50} />
      <rect x="80" y="150" width="320" height="160" rx="20" fill="#fff" stroke={indigo400} strokeWidth="2.5" strokeDasharray="10 8" />
      <circle cx="240" cy="212" r="28" fill={indigo100} />
      <path d="M240 226v-28m-11 11 11-11 11 11" stroke={indigo700} strokeWidth="3.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <Label x="240" y="270" size={14} weight="600" fill="#334155" anchor="middle">Policies, decks, handbooks</Label>
      <Label x="240" y="290" size={12} fill={slate500} anchor="middle">Drop files here</Label>
      {files.map((file) => (
        <g key={file.label} transform={`rotate(${file.angle} ${file.x + 40} ${file.y + 50})`}>
          <rect x={file.x + 4} y={file.y + 6} width="80" height="100" rx="10" fill={slate300} opacity="0.5" />
          <rect x={file.x} y={file.y} width="80" height="100" rx="10" fill="#fff" stroke={slate200} strokeWidth="1.5" />
          <Lines x={file.x + 12} y={file.y + 16} widths={[56, 48, 52, 36]} fill={slate200} gap={12} height={6} />
          <rect x={file.x + 6} y={file.y + 71} width="52" height="20" rx="10" fill={file.tag} />
          <Label x={file.x + 32} y={file.y + 85} size={12} weight="700" fill={file.ink} anchor="middle">{file.label}</Label>
        </g>
      ))}
    </Frame>
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
    <Frame kind="step" className={className} width={480} height={360}>
      <rect x="20" y="20" width="440" height="320" rx="28" fill={indigo50} />
      <Card x={60} y={50} width={250} height={262} rx={18} />
      <rect x="80" y="72" width="150" height="12" rx="6" fill={indigo700} />
      <rect x="80" y="94" width="100" height="8" rx="4" fill={slate300} />
      {modules.map((module, index) => (
        <g key={module.y}>
          <rect x="80" y={module.y} width="210" height="46" rx="12" fill="#f8fafc" stroke={slate200} />
          <circle cx="103" cy={module.y + 23} r="12" fill={indigo100} />
          <Label x="103" y={module.y + 27.5} size={12} weight="700" fill={indigo700} anchor="middle">{index + 1}</Label>
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
          <Label x="354" y={y + 24.5} size={13} weight="700" fill="#92400e" anchor="middle">?</Label>
          <Lines x={372} y={y + 14} widths={[66, 50]} fill={slate300} gap={12} height={6} />
          <rect x="346" y={y + 40} width="90" height="6" rx="3" fill={slate200} />
        </g>
      ))}
      <rect x="150" y="292" width="196" height="36" rx="18" fill="#ecfdf5" stroke="#a7f3d0" />
      <CheckBadge cx={172} cy={310} />
      <Label x="188" y="314.5" size={12.5} weight="600" fill={emerald700}>Approved by trainer</Label>
    </Frame>
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
    <Frame kind="step" className={className} width={480} height={360}>
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

      <Card x={268} y={62} width={184} height={222} rx={18} />
      <Label x="288" y="92" size={12.5} weight="700" fill="#334155">Understanding by topic</Label>
      {topics.map((topic) => (
        <g key={topic.y}>
          <rect x="288" y={topic.y} width="70" height="7" rx="3.5" fill={slate300} />
          <rect x="288" y={topic.y + 15} width="144" height="10" rx="5" fill={slate200} />
          <rect x="288" y={topic.y + 15} width={topic.score} height="10" rx="5" fill={topic.color} />
        </g>
      ))}
    </Frame>
  );
}


// Drawn through the same lazy Illustration as the others (illustration.tsx): server markup kept on hydration.
export { ForgettingCurveChart, ForgettingCurveFigure } from "./forgetting-curve-chart";
