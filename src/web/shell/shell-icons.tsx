import type { ReactNode } from "react";

type IconProps = { className?: string };

/**
 * The few icons drawn before the first page shows (header, hero), as plain SVG with Lucide's
 * shapes (ISC licence, lucide.dev). Lucide's React wrapper costs 1.5 KB gzipped on its own,
 * too much for the start-up bundle's budget; everything that loads later uses lucide-react.
 * Always decorative: the text beside an icon names the thing.
 */
function ShellSvg({ className = "size-6", children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function WrenchIcon({ className }: IconProps) {
  return (
    <ShellSvg className={className}>
      <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.106-3.105c.32-.322.863-.22.983.218a6 6 0 0 1-8.259 7.057l-7.91 7.91a1 1 0 0 1-2.999-3l7.91-7.91a6 6 0 0 1 7.057-8.259c.438.12.54.662.219.984z" />
    </ShellSvg>
  );
}

export function MapPinIcon({ className }: IconProps) {
  return (
    <ShellSvg className={className}>
      <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
      <circle cx="12" cy="10" r="3" />
    </ShellSvg>
  );
}

export function ShoppingCartIcon({ className }: IconProps) {
  return (
    <ShellSvg className={className}>
      <path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18" />
      <path d="M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25" />
      <circle cx="18" cy="20" r="2" />
      <circle cx="8" cy="20" r="2" />
    </ShellSvg>
  );
}

export function MenuIcon({ className }: IconProps) {
  return (
    <ShellSvg className={className}>
      <path d="M4 5h16M4 12h16M4 19h16" />
    </ShellSvg>
  );
}

export function CircleUserRoundIcon({ className }: IconProps) {
  return (
    <ShellSvg className={className}>
      <path d="M17.925 20.056a6 6 0 0 0-11.851.001" />
      <circle cx="12" cy="11" r="4" />
      <circle cx="12" cy="12" r="10" />
    </ShellSvg>
  );
}

export function ArrowRightIcon({ className }: IconProps) {
  return (
    <ShellSvg className={className}>
      <path d="M5 12h14m-7-7 7 7-7 7" />
    </ShellSvg>
  );
}

export function BadgeCheckIcon({ className }: IconProps) {
  return (
    <ShellSvg className={className}>
      <path d="M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z" />
      <path d="m16 9-5.5 5.5L8 12" />
    </ShellSvg>
  );
}

export function ClockIcon({ className }: IconProps) {
  return (
    <ShellSvg className={className}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </ShellSvg>
  );
}
