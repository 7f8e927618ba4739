import { appPage, ShellModel } from './app-shell';
import { html } from '../../common/http/html';

export interface UsagePageModel {
  plan: string;
  used: number;
  limit: number;
  periodEnd: string;
}

export function usagePage(shell: ShellModel, model: UsagePageModel): string {
  const percent = model.limit > 0 ? Math.min(100, Math.round((model.used / model.limit) * 100)) : 100;
  return appPage(
    shell,
    'Usage',
    html`<section aria-labelledby="usage-title">
      <h2 id="usage-title">Usage</h2>
      <p>
        Plan <strong>${model.plan}</strong>: <span id="usage-count">${model.used}</span> of ${model.limit} generations this period (ends ${model.periodEnd}).
      </p>
      <div class="bar" role="progressbar" aria-label="Generations used" aria-valuemin="0" aria-valuemax="${model.limit}" aria-valuenow="${model.used}">
        <span style="width:${percent}%"></span>
      </div>
      <p class="muted">Studio previews are not counted.</p>
    </section>`,
  );
}
