import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** One month's bar pair: its short name, titles and copies acquired. */
export interface AcquisitionChartBar {
  month: string;
  titles: number;
  copies: number;
}

interface AcquisitionChartProps {
  bars: AcquisitionChartBar[];
  titlesLabel: string;
  copiesLabel: string;
  /** What the chart shows, read out instead of the drawing (the by-month table has the figures). */
  description: string;
}

/**
 * Titles and copies acquired per month (@mantine/charts over recharts), loaded with the screen only.
 * Screen readers get it as one image with a description; the drawing takes no keyboard focus.
 */
export default function AcquisitionChart({
  bars,
  titlesLabel,
  copiesLabel,
  description,
}: AcquisitionChartProps) {
  return (
    <BarChart
      h={260}
      data={bars}
      dataKey="month"
      series={[
        { name: 'titles', label: titlesLabel, color: 'teal.8' },
        { name: 'copies', label: copiesLabel, color: 'blue.8' },
      ]}
      withLegend
      tickLine="y"
      yAxisProps={{ allowDecimals: false }}
      accessibilityLayer={false}
      role="img"
      aria-label={description}
      data-testid="acquisition-chart"
    />
  );
}
