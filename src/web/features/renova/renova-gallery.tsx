import { useT } from "#web/i18n/use-t.tsx";
import type { messages as renovaEn } from "./messages/en-IN.ts";
import { renovaMessages } from "./renova-messages.ts";

/**
 * Past-work style illustrations, drawn here as SVG (no photos from other sites). Each says in its
 * title what it shows, for screen readers and as the image's alternative text.
 */

function LivingRoom({ title }: { title: string }) {
  return (
    <svg viewBox="0 0 240 160" role="img" aria-labelledby="gallery-living-title" className="h-auto w-full">
      <title id="gallery-living-title">{title}</title>
      <rect width="240" height="160" fill="#f6e7c8" />
      <rect x="150" width="90" height="120" fill="#fdfaf3" />
      <rect y="120" width="240" height="40" fill="#c9a77c" />
      <rect x="30" y="28" width="70" height="44" rx="3" fill="#fff" stroke="#8a6a3f" strokeWidth="3" />
      <path d="M38 64 58 44l14 14 10-8 12 14z" fill="#4f8a73" />
      <rect x="24" y="92" width="110" height="30" rx="8" fill="#0f5c4d" />
      <rect x="18" y="84" width="16" height="38" rx="6" fill="#0b4a3e" />
      <rect x="124" y="84" width="16" height="38" rx="6" fill="#0b4a3e" />
      <rect x="176" y="40" width="6" height="80" fill="#8a6a3f" />
      <path d="M160 40h38l-8-18h-22z" fill="#f0b429" />
    </svg>
  );
}

/** The wall tiles of the bathroom picture: 6 across, 4 down. */
const TILES = Array.from({ length: 24 }, (_, n) => ({
  id: `tile-${n}`,
  x: (n % 6) * 40 + 2,
  y: Math.floor(n / 6) * 30 + 2,
}));

function Bathroom({ title }: { title: string }) {
  return (
    <svg viewBox="0 0 240 160" role="img" aria-labelledby="gallery-bath-title" className="h-auto w-full">
      <title id="gallery-bath-title">{title}</title>
      <rect width="240" height="160" fill="#e8f1f4" />
      {TILES.map((tile) => (
        <rect key={tile.id} x={tile.x} y={tile.y} width="36" height="26" fill="#fff" stroke="#c7dbe2" />
      ))}
      <rect y="122" width="240" height="38" fill="#7a8c93" />
      <path d="M170 20v40" stroke="#5b6b71" strokeWidth="4" />
      <path d="M160 60h22" stroke="#5b6b71" strokeWidth="6" strokeLinecap="round" />
      <path d="M163 70v10M171 70v14M179 70v10" stroke="#5aa9c7" strokeWidth="2" strokeLinecap="round" />
      <rect x="30" y="80" width="60" height="42" rx="6" fill="#fff" stroke="#9fb6be" strokeWidth="2" />
      <rect x="52" y="66" width="16" height="14" rx="3" fill="#9fb6be" />
    </svg>
  );
}

function Kitchen({ title }: { title: string }) {
  return (
    <svg viewBox="0 0 240 160" role="img" aria-labelledby="gallery-kitchen-title" className="h-auto w-full">
      <title id="gallery-kitchen-title">{title}</title>
      <rect width="240" height="160" fill="#f3efe9" />
      <rect x="20" y="20" width="140" height="36" rx="3" fill="#2f5d50" />
      <path d="M66 20v36M112 20v36" stroke="#244a40" strokeWidth="2" />
      <path d="M178 20h36v22l-10 16h-16l-10-16z" fill="#9aa5a8" />
      <rect y="92" width="240" height="10" fill="#d8d2c8" />
      <rect x="0" y="102" width="240" height="58" fill="#2f5d50" />
      <path d="M60 102v58M120 102v58M180 102v58" stroke="#244a40" strokeWidth="2" />
      <circle cx="196" cy="88" r="7" fill="#3a3a3a" />
      <circle cx="214" cy="88" r="7" fill="#3a3a3a" />
      <rect x="36" y="72" width="34" height="20" rx="4" fill="#c7c7c7" />
    </svg>
  );
}

type Key = keyof typeof renovaEn;

const WORKS: { id: string; Image: typeof LivingRoom; title: Key; caption: Key }[] = [
  { id: "living", Image: LivingRoom, title: "livingTitle", caption: "livingCaption" },
  { id: "bath", Image: Bathroom, title: "bathTitle", caption: "bathCaption" },
  { id: "kitchen", Image: Kitchen, title: "kitchenTitle", caption: "kitchenCaption" },
];

export function RenovaGallery() {
  const t = useT(renovaMessages);
  return (
    <section aria-labelledby="gallery-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="gallery-heading" className="text-lg font-bold text-slate-900">
        {t("galleryHeading")}
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-3">
        {WORKS.map(({ id, Image, title, caption }) => (
          <li key={id}>
            <figure>
              <div className="overflow-hidden rounded-xl border border-slate-200">
                <Image title={t(title)} />
              </div>
              <figcaption className="mt-2 text-sm text-slate-700">{t(caption)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
