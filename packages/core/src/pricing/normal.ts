// Standard normal distribution functions.

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** Standard normal density. */
export const normPdf = (x: number): number => Math.exp(-0.5 * x * x) / SQRT_2PI;

/**
 * Standard normal cumulative distribution: Hart's 1968 rational approximation as given by G. West, "Better
 * approximations to cumulative normal functions" (2005). Absolute error below 1e-15; the tail is computed
 * directly rather than as 1 - p, so even tiny probabilities keep a relative error below 1e-7.
 */
export const normCdf = (x: number): number => {
  if (Number.isNaN(x)) return Number.NaN;
  const z = Math.abs(x);
  let tail: number;
  if (z > 37) {
    tail = 0;
  } else if (z < 7.07106781186547) {
    const e = Math.exp(-0.5 * z * z);
    let num = 3.52624965998911e-2 * z + 0.700383064443688;
    num = num * z + 6.37396220353165;
    num = num * z + 33.912866078383;
    num = num * z + 112.079291497871;
    num = num * z + 221.213596169931;
    num = num * z + 220.206867912376;
    let den = 8.83883476483184e-2 * z + 1.75566716318264;
    den = den * z + 16.064177579207;
    den = den * z + 86.7807322029461;
    den = den * z + 296.564248779674;
    den = den * z + 637.333633378831;
    den = den * z + 793.826512519948;
    den = den * z + 440.413735824752;
    tail = (e * num) / den;
  } else {
    const e = Math.exp(-0.5 * z * z);
    const fraction = z + 1 / (z + 2 / (z + 3 / (z + 4 / (z + 0.65))));
    tail = e / fraction / SQRT_2PI;
  }
  return x > 0 ? 1 - tail : tail;
};
