// Amounts as the screens show them: Indian digit grouping; rupees keep two decimals when there are paise.
const wholeFormat = new Intl.NumberFormat('en-IN');
const paiseFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Coins, trophies and other whole counts: 12500 -> '12,500'. */
export const formatCount = (value: number) => wholeFormat.format(value);

/** Rupees: 1250.5 -> '1,250.50', 10 -> '10'. */
export const formatRupees = (value: number) => (Number.isInteger(value) ? wholeFormat : paiseFormat).format(value);
