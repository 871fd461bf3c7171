import { useState } from 'react';
import { UserIcon } from './icons.tsx';

/** A round user picture; a neutral default when the user has none or it fails to load. */
export function Avatar({ src, name, size = 40 }: { src: string | null | undefined; name: string; size?: number }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const label = name ? `${name}'s avatar` : 'Default avatar';
  return (
    <span className="avatar" style={{ width: size, height: size }}>
      {src && src !== brokenSrc ? (
        <img src={src} alt={label} width={size} height={size} onError={() => setBrokenSrc(src)} />
      ) : (
        <span role="img" aria-label={label} className="avatar-default">
          <UserIcon size={Math.round(size * 0.55)} />
        </span>
      )}
    </span>
  );
}
