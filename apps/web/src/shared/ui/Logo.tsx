import { useSession } from '../../session/store';

/** The configured logo (config.json `logoURL`) or the built-in mark. */
export function Logo({ size = 32 }: { size?: number }) {
  const logoURL = useSession((s) => s.logoURL);
  if (logoURL) return <img src={logoURL} alt="GridOps" height={size} style={{ display: 'block' }} />;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="GridOps">
      <defs>
        <linearGradient id="gridops-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1f6feb" />
          <stop offset="1" stopColor="#0b2a55" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill="url(#gridops-logo-g)" />
      <path d="M18 4 8 18h7l-2 10 11-15h-7z" fill="#36cfc9" />
    </svg>
  );
}
