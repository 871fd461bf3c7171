// The app renders a declarative <BrowserRouter> (app/providers.tsx), whose navigate() returns nothing.
// react-router types it `void | Promise<void>` to cover its data routers too, which makes every call look
// like a floating promise; this is the narrowing its useNavigate documents ("Return Type Augmentation").
import type { NavigateOptions, To } from 'react-router';

declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
