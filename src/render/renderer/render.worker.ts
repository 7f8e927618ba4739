import type { DrawJob, DrawResult } from './draw-job';
import { drawTemplate, ensureFonts } from './draw-template';

// Fonts load when the worker starts, not on its first job.
ensureFonts();

/** Piscina entry point. The encoded image is copied back (structured clone): tens of KB, under a millisecond. */
export default function render(job: DrawJob): Promise<DrawResult> {
  return drawTemplate(job);
}
