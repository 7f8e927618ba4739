import type { FastifyRequest } from 'fastify';
import type { Account } from '../entities/account.entity';

/** What an editor session (§23) may touch: one template (or the one it creates), within its permissions. */
export interface EditorSessionGrant {
  id: string;
  mode: 'design' | 'form';
  /** null until a design-mode session without a template saves its first one. */
  templateId: string | null;
  allowedOrigins: string[];
  permissions: EditorSessionPermissions;
}

export interface EditorSessionPermissions {
  save: boolean;
  addLayers: boolean;
  uploadFonts: boolean;
  uploadAssets: boolean;
  /** Names of the layers the person may change; null: every layer. */
  layers: string[] | null;
}

/**
 * What a route lets an editor session do (@EditorSessionAccess). Permission rules name a permission the
 * session must hold; template rules are judged against the request by the EditorSessionAuthority.
 */
export type EditorSessionRule =
  'fonts:list' | 'uploadFonts' | 'uploadAssets' | 'template:read' | 'template:create' | 'template:save' | 'template:preview' | 'template:render';

export const PERMISSION_RULES: ReadonlySet<EditorSessionRule> = new Set(['uploadFonts', 'uploadAssets']);

/** `est_` + 32 base62 characters (≈190 random bits): an editor session's credential, never an API key. */
export const EDITOR_SESSION_TOKEN = /^est_[0-9A-Za-z]{32}$/;
export const EDITOR_SESSION_TOKEN_PREFIX = 'est_';

/**
 * Lets the API accept an editor session's token as its Bearer credential and judges what the session may
 * do on a route. Provided by the editor-sessions module; absent in the CLI (then such tokens are a 401).
 */
export abstract class EditorSessionAuthority {
  /** The owner's account and the session's grant for a live token; null for unknown, expired or revoked. */
  abstract authenticate(token: string): Promise<{ account: Account; grant: EditorSessionGrant } | null>;

  /** Throws a 403 `forbidden` when the request goes beyond the grant (another template, a forbidden layer change). */
  abstract authorize(grant: EditorSessionGrant, account: Account, rule: EditorSessionRule, request: FastifyRequest): Promise<void>;

  /**
   * After a `template:create` call: binds a design-mode session created without a template to the one its first save
   * created. When two first saves raced, the later template is removed again and a 403 `forbidden` thrown.
   */
  abstract bindCreated(grant: EditorSessionGrant, account: Account, templateId: string): Promise<void>;
}
