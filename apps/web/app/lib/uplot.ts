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
