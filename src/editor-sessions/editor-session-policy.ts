import { isDeepStrictEqual } from 'node:util';
import type { EditorSessionGrant } from '../accounts/auth/editor-session-authority';

/** The design fields a session's save or preview is judged on (the name is free; `publicRender` is the owner's). */
export interface DesignUnderReview {
  width: number;
  height: number;
  background: unknown;
  publicRender: unknown;
  layers: ReadonlyArray<{ name: string }>;
}

/** Stored and parsed values compared as JSON (undefined fields dropped, key order ignored). */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(a ?? null)), JSON.parse(JSON.stringify(b ?? null)));

const mayChange = (grant: EditorSessionGrant, name: string) => grant.permissions.layers === null || grant.permissions.layers.includes(name);

/**
 * Why the session may not turn `stored` (null: the template it has not created yet) into `proposed`, or
 * null when it may. Form mode changes no design; a session limited to some layers leaves every other
 * layer and the canvas as they are; without `addLayers` no new layer name appears; `publicRender` stays.
 */
export function designRefusal(grant: EditorSessionGrant, stored: DesignUnderReview | null, proposed: DesignUnderReview): string | null {
  const storedLayers = new Map((stored?.layers ?? []).map((layer) => [layer.name, layer]));
  if (grant.mode === 'form') {
    const design = ({ width, height, background, layers }: DesignUnderReview) => ({ width, height, background, layers });
    if (!stored || !same(design(stored), design(proposed))) return 'a form-mode session cannot change the design';
    return null;
  }
  if (stored && proposed.publicRender !== undefined && !same(stored.publicRender, proposed.publicRender)) {
    return 'an editor session cannot change publicRender';
  }
  if (grant.permissions.layers !== null && stored) {
    for (const field of ['width', 'height', 'background'] as const) {
      if (!same(stored[field], proposed[field])) return `this editor session may not change ${field}`;
    }
  }
  const proposedLayers = new Map(proposed.layers.map((layer) => [layer.name, layer]));
  for (const [name, layer] of storedLayers) {
    if (!mayChange(grant, name) && !same(layer, proposedLayers.get(name))) return `this editor session may not change layer "${name}"`;
  }
  if (!grant.permissions.addLayers) {
    for (const name of proposedLayers.keys()) if (!storedLayers.has(name)) return `this editor session may not add layer "${name}"`;
  }
  return null;
}

/** Why the session may not send these per-render overrides (a layer it may not change), or null. */
export function overridesRefusal(grant: EditorSessionGrant, overrides: Record<string, unknown>): string | null {
  for (const name of Object.keys(overrides)) if (!mayChange(grant, name)) return `this editor session may not change layer "${name}"`;
  return null;
}
