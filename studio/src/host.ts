/**
 * Where the studio runs, and so where its credentials come from and what it may show: the dashboard
 * (session cookie + CSRF token, every control) or an embed (§23: its editor session's token as a
 * Bearer header, since a cross-site frame sends no cookies, and the controls its permissions allow).
 * The server enforces the permissions either way; these only hide what would be refused.
 */
export interface StudioPermissions {
  save: boolean;
  addLayers: boolean;
  uploadFonts: boolean;
  /** Upload only (§24): the account's asset list is not the session's to see. */
  uploadAssets: boolean;
}

export interface StudioHost {
  embedded: boolean;
  permissions: StudioPermissions;
  /** Headers that authenticate every API call. */
  headers(): Record<string, string>;
  credentials: RequestCredentials;
  /** After a save (`created`: the first of a new template). */
  saved(template: { id: string; version: number }, created: boolean): void;
}

const csrf = () => document.querySelector<HTMLMetaElement>('meta[name="pictor-csrf"]')?.content ?? '';

/** The dashboard's studio: the signed-in session and its CSRF token; a new template's address replaces /new. */
export const dashboardHost: StudioHost = {
  embedded: false,
  permissions: { save: true, addLayers: true, uploadFonts: true, uploadAssets: true },
  headers: () => ({ 'x-csrf-token': csrf() }),
  credentials: 'same-origin',
  saved: (template, created) => {
    if (created) window.history.replaceState(null, '', `/app/templates/${template.id}`);
  },
};

let current: StudioHost = dashboardHost;

export const studioHost = (): StudioHost => current;

/** Called once by an entry before it renders (the embed's bootstrap). */
export function setStudioHost(host: StudioHost): void {
  current = host;
}
