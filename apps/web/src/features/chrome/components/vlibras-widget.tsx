import { useEffect } from 'react';
import { startVLibrasWidget } from '../hooks/use-vlibras';

/**
 * The markup the VLibras plugin looks for (its own attribute names), then the widget started on it.
 * Rendered only once the script has loaded.
 */
export function VLibrasWidget() {
  useEffect(() => {
    startVLibrasWidget();
  }, []);
  // Custom attributes go through a spread: VLibras finds its parts by these attribute names.
  return (
    <div {...{ vw: '' }} className="enabled">
      <div {...{ 'vw-access-button': '' }} className="active" />
      <div {...{ 'vw-plugin-wrapper': '' }}>
        <div className="vw-plugin-top-wrapper" />
      </div>
    </div>
  );
}
