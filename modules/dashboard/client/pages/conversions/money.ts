import type { Measure } from '../../components/chart';

const measures = new Map<string, Measure>();

/** How amounts in `currency`'s minor units read ("€12.50", "¥4,900"); an unknown code reads as "12.50 XYZ". */
export function moneyMeasure(currency: string): Measure {
  let measure = measures.get(currency);
  if (measure) return measure;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en', { style: 'currency', currency });
  } catch {
    format = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const plain = new Intl.NumberFormat('en', { maximumFractionDigits: digits });
  const major = (minor: number) => minor / 10 ** digits;
  const text = (minor: number) => (format.resolvedOptions().style === 'currency' ? format.format(major(minor)) : `${format.format(major(minor))} ${currency}`);
  measure = { label: `Revenue (${currency})`, text, short: (minor) => plain.format(major(minor)) };
  measures.set(currency, measure);
  return measure;
}

/** An amount in minor units as it reads, e.g. `money(4900, 'EUR')` is "€49.00". */
export const money = (amount: number, currency: string) => moneyMeasure(currency).text(amount);
