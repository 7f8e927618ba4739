import { CanActivate, ExecutionContext, Injectable, Optional } from '@nestjs/common';
import type { AuthenticatedRequest } from '../accounts/auth/authenticated-request';

/**
 * Who may upload an asset besides the account itself (§24: "an editor session only with
 * `permissions.uploadAssets`"). Absent, every caller the bearer guard let in may (an API key, or the dashboard
 * session with its CSRF token). The embedded editor provides one that throws its 403 for a session without the
 * permission: `{ provide: AssetUploadPermission, useClass: … }` in the app's wiring.
 */
export abstract class AssetUploadPermission {
  /** Throws the answer (e.g. 403 `forbidden`) when this request's principal may not upload assets. */
  abstract assertMayUpload(request: AuthenticatedRequest): void | Promise<void>;
}

@Injectable()
export class AssetUploadGuard implements CanActivate {
  constructor(@Optional() private readonly permission?: AssetUploadPermission) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.permission?.assertMayUpload(context.switchToHttp().getRequest<AuthenticatedRequest>());
    return true;
  }
}
