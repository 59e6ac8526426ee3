import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface NumbersChartProps {
  days: string[];
  values: number[];
  label: string;
  locale: string;
}

/**
 * A small line chart of one measure per day (uPlot, loaded with the provider
 * page only). It is a picture for sighted users: the same numbers stand in
 * the table beside it.
 */
export function NumbersChart({ days, values, label, locale }: NumbersChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const x = days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000);
    const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const chart = new uPlot(
      {
        width: Math.max(280, container.clientWidth),
        height: 220,
        legend: { show: false },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: { y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
        axes: [
          { values: (_u, splits) => splits.map((s) => dayFormat.format(new Date(s * 1000))) },
          { values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
        ],
        series: [{}, { label, stroke: '#b45309', width: 2, fill: 'rgba(180, 83, 9, 0.08)', points: { show: false } }],
      },
      [x, values],
      container,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, container.clientWidth), height: 220 }),
    );
    resize.observe(container);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, values, label, locale]);
  return <div ref={ref} aria-hidden className="w-full" />;
}
