import { Spin } from 'antd';

/** Shown while the first route's loader (the guard) runs. */
export function BootSplash() {
  return (
    <div className="boot-splash">
      <Spin size="large" />
    </div>
  );
}
