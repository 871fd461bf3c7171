import { useEffect, useState } from 'react';
import { LOADER_HINT_1_MS, LOADER_HINT_2_MS } from '#shared/constants.ts';
import { BrandMark } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { warmUpFonts } from '../../lib/font-warmup.ts';

/** Replaces the app while the auth status is unknown; slow starts get reassuring hints (spec §2). */
export function FullPageLoader() {
  const [hintLevel, setHintLevel] = useState(0);
  // The main thread idles while the loader waits: the first screens' fonts are resolved meanwhile.
  useEffect(warmUpFonts, []);
  useEffect(() => {
    const timers = [
      setTimeout(() => setHintLevel(1), LOADER_HINT_1_MS),
      setTimeout(() => setHintLevel(2), LOADER_HINT_2_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, []);

  return (
    <div className="full-page-loader" role="status" aria-live="polite" aria-label="Loading the app">
      <div className="full-page-loader-mark">
        <BrandMark size={64} />
      </div>
      <div className="full-page-loader-hints">
        {hintLevel >= 1 && (
          <p className="full-page-loader-hint">
            <Spinner size={18} /> Please wait
          </p>
        )}
        {hintLevel >= 2 && <p className="full-page-loader-hint">Don't worry! It can take few seconds</p>}
      </div>
    </div>
  );
}
