import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** One bar: a month's short name and its loans. */
export interface LoansChartBar {
  month: string;
  loans: number;
}

interface LoansChartProps {
  bars: LoansChartBar[];
  /** Name of the series (tooltip) and of the axis. */
  seriesLabel: string;
  /** What the chart shows, read out instead of the drawing (the table below has the figures). */
  description: string;
}

/**
 * A bar chart of loans per month (@mantine/charts over recharts), loaded only on the statistics tab.
 * Screen readers get it as one image with a description; the drawing takes no keyboard focus.
 */
export default function LoansChart({ bars, seriesLabel, description }: LoansChartProps) {
  return (
    <BarChart
      h={260}
      data={bars}
      dataKey="month"
      series={[{ name: 'loans', label: seriesLabel, color: 'blue.8' }]}
      tickLine="y"
      yAxisLabel={seriesLabel}
      yAxisProps={{ allowDecimals: false }}
      accessibilityLayer={false}
      role="img"
      aria-label={description}
      data-testid="loans-chart"
    />
  );
}
