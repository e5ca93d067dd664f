import type uPlot from 'uplot';

/** Loads uPlot once, when the first chart mounts (it stays out of every page's first load). */
let uPlotModule: Promise<typeof uPlot> | undefined;
export function loadUPlot(): Promise<typeof uPlot> {
  uPlotModule ??= import('uplot').then(
    (module) => module.default,
    (error: unknown) => {
      uPlotModule = undefined;
      throw error;
    },
  );
  return uPlotModule;
}

/** The index of the latest point that has a value in any series (the last x when none has). */
export function latestIndex(data: uPlot.AlignedData): number | null {
  const xs = data[0];
  for (let i = xs.length - 1; i >= 0; i -= 1) {
    if (data.slice(1).some((values) => values[i] !== null && values[i] !== undefined)) return i;
  }
  return xs.length > 0 ? xs.length - 1 : null;
}

/**
 * A legend that is never a row of dashes (issue 30): with no cursor over the chart (before any hover,
 * after the pointer leaves, on a touch screen that has no hover) it shows the latest point's values, and
 * a tap on a touch screen selects the point under the finger (its values stay in the legend).
 */
export function legendPlugin(): uPlot.Plugin {
  const showLatest = (u: uPlot) => {
    const idx = latestIndex(u.data);
    if (idx !== null) u.setLegend({ idx }, false);
  };
  let tapped: ((e: PointerEvent) => void) | undefined;
  return {
    hooks: {
      ready: [
        (u) => {
          showLatest(u);
          tapped = (e: PointerEvent) => {
            if (e.pointerType === 'mouse') return;
            const rect = u.over.getBoundingClientRect();
            u.setCursor({ left: e.clientX - rect.left, top: e.clientY - rect.top });
          };
          u.over.addEventListener('pointerdown', tapped);
        },
      ],
      setCursor: [
        (u) => {
          if (u.cursor.idx === null || u.cursor.idx === undefined) showLatest(u);
        },
      ],
      destroy: [
        (u) => {
          if (tapped) u.over.removeEventListener('pointerdown', tapped);
        },
      ],
    },
  };
}
