/**
 * The scripts of /app/jobs and of Bulk create, served as /app/jobs.js and /app/bulk.js (the pages' CSP allows only
 * scripts from the app). They call the public API with the dashboard session and its CSRF token, as the studio does.
 */
const COMMON = `
var csrf = document.querySelector('meta[name="pictor-csrf"]').content;
function call(method, path, body) {
  return fetch(path, { method: method, headers: { 'x-csrf-token': csrf }, body: body, credentials: 'same-origin' }).then(function (response) {
    return response.json().then(function (json) {
      if (!response.ok) throw new Error(json.message || ('HTTP ' + response.status));
      return json;
    });
  });
}
function element(tag, text, className) {
  var node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}
function setBar(bar, progress) {
  var percent = Math.round(progress * 100);
  bar.setAttribute('aria-valuenow', String(percent));
  bar.firstElementChild.style.width = percent + '%';
}
function counts(job) { return job.done + ' done · ' + job.failed + ' failed · ' + job.total + ' total'; }
function resultNode(job) {
  if (job.resultUrl) {
    var link = element('a', 'Download ' + job.output.toUpperCase(), 'button');
    link.href = job.resultUrl;
    link.setAttribute('download', '');
    return link;
  }
  if (job.resultError) return element('span', 'No ' + job.output.toUpperCase() + ': ' + job.resultError.message, 'failed');
  if (job.output === 'images' && job.status === 'completed') return element('span', 'Image links in the rows below', 'muted');
  return element('span', '—', 'muted');
}
var ACTIVE = { queued: true, running: true };
`;

export const JOBS_SCRIPT = `(function () {
${COMMON}
function update(job) {
  var item = document.querySelector('li[data-job-id="' + job.id + '"]');
  if (!item) return;
  var was = item.getAttribute('data-status');
  item.setAttribute('data-status', job.status);
  item.querySelector('[data-field=status]').textContent = job.status;
  setBar(item.querySelector('[role=progressbar]'), job.progress);
  item.querySelector('[data-field=counts]').textContent = counts(job);
  var cell = item.querySelector('[data-field=result]');
  cell.replaceChildren(resultNode(job));
  var details = item.querySelector('details');
  var summary = details.querySelector('summary');
  summary.replaceChildren('Rows');
  if (job.failed > 0) { summary.append(' — '); summary.appendChild(element('span', job.failed + ' failed', 'failed')); }
  if (ACTIVE[was] && !ACTIVE[job.status] && details.open) loadRows(details);
}
function poll() {
  if (!document.querySelector('li[data-job-id][data-status=queued], li[data-job-id][data-status=running]')) return setTimeout(poll, 5000);
  call('GET', '/api/jobs?limit=50').then(function (page) { page.data.forEach(update); }, function () {}).then(function () { setTimeout(poll, 1000); });
}
/** A job's rows: each row's status with its image link or its error (the first 100 rows). */
function loadRows(details) {
  var box = details.querySelector('[data-field=rows]');
  call('GET', '/api/jobs/' + details.getAttribute('data-rows') + '/items').then(function (page) {
    var table = element('table');
    var head = table.createTHead().insertRow();
    ['Row', 'Status', 'Image or error'].forEach(function (title) { var th = element('th', title); th.scope = 'col'; head.appendChild(th); });
    var body = table.createTBody();
    page.data.forEach(function (item) {
      var row = body.insertRow();
      row.insertCell().textContent = String(item.index);
      row.insertCell().appendChild(element('span', item.status, item.status));
      var cell = row.insertCell();
      if (item.imageUrl) { var link = element('a', item.imageUrl.split('/').pop()); link.href = item.imageUrl; cell.appendChild(link); }
      else if (item.error) cell.appendChild(element('span', item.error.code + ': ' + item.error.message, 'failed'));
    });
    box.className = 'table-wrap';
    box.replaceChildren(table);
    if (page.nextCursor) box.appendChild(element('p', 'The first 100 rows; GET /api/jobs/:id/items lists them all.', 'muted'));
  }, function (error) { box.textContent = 'Could not load the rows: ' + error.message; });
}
document.addEventListener('toggle', function (event) {
  if (event.target.matches && event.target.matches('details[data-rows]') && event.target.open) loadRows(event.target);
}, true);
poll();
})();
`;

export const BULK_SCRIPT = `(function () {
${COMMON}
var root = document.getElementById('bulk');
var templateId = root.getAttribute('data-template-id');
var fileInput = document.getElementById('bulk-file');
var errorBox = document.getElementById('bulk-error');
var start = document.getElementById('bulk-start');
function showError(message) { errorBox.textContent = message; errorBox.hidden = !message; }
function check() {
  var file = fileInput.files[0];
  document.getElementById('bulk-check').hidden = true;
  start.disabled = true;
  showError('');
  if (!file) return;
  var form = new FormData();
  form.append('file', file);
  call('POST', '/app/templates/' + templateId + '/bulk/check', form).then(function (result) {
    var unknown = result.columns.filter(function (column) { return !column.matched; });
    var rows = document.getElementById('bulk-columns');
    rows.replaceChildren();
    result.columns.forEach(function (column) {
      var row = rows.insertRow();
      row.insertCell().appendChild(element('code', column.name));
      row.insertCell().textContent = column.layer;
      row.insertCell().textContent = column.field;
      row.insertCell().appendChild(column.matched ? element('span', 'matched', 'succeeded') : element('span', 'unknown: ' + column.problem, 'failed'));
    });
    document.getElementById('bulk-summary').textContent = result.total + (result.total === 1 ? ' row' : ' rows') +
      (unknown.length ? ' · ' + unknown.length + ' unknown column' + (unknown.length === 1 ? '' : 's') + ': fix the CSV before starting (the API would refuse it)' : ' · every column matches a layer');
    var previews = document.getElementById('bulk-previews');
    previews.replaceChildren();
    result.previews.forEach(function (preview) {
      var card = element('li', null, 'card');
      if (preview.image) { var image = element('img'); image.src = preview.image; image.alt = 'Row ' + preview.index + ' drawn'; card.appendChild(image); }
      var body = element('div', null, 'body');
      body.appendChild(element('strong', 'Row ' + preview.index));
      if (preview.error) body.appendChild(element('span', preview.error, 'failed'));
      card.appendChild(body);
      previews.appendChild(card);
    });
    start.disabled = unknown.length > 0;
    document.getElementById('bulk-check').hidden = false;
  }, function (error) { showError(error.message); });
}
function follow(id) {
  var section = document.getElementById('bulk-progress');
  section.hidden = false;
  call('GET', '/api/jobs/' + id).then(function (job) {
    setBar(section.querySelector('[role=progressbar]'), job.progress);
    document.getElementById('bulk-status').textContent = job.status;
    document.getElementById('bulk-counts').textContent = counts(job);
    document.getElementById('bulk-result').replaceChildren(resultNode(job));
    if (ACTIVE[job.status]) setTimeout(function () { follow(id); }, 1000);
  }, function (error) { showError(error.message); setTimeout(function () { follow(id); }, 3000); });
}
start.addEventListener('click', function () {
  var form = new FormData();
  form.append('templateId', templateId);
  var output = document.getElementById('bulk-output').value;
  // A PDF's pages are PDFs (the format list offers raster formats only).
  form.append('format', output === 'pdf' ? 'pdf' : document.getElementById('bulk-format').value);
  form.append('output', output);
  form.append('file', fileInput.files[0]);
  start.disabled = true;
  call('POST', '/api/jobs', form).then(function (job) { follow(job.id); }, function (error) { showError(error.message); start.disabled = false; });
});
fileInput.addEventListener('change', check);
// A PDF's pages are vector PDFs: the raster format does not apply to them.
document.getElementById('bulk-output').addEventListener('change', function (event) {
  document.getElementById('bulk-format').disabled = event.target.value === 'pdf';
});
})();
`;
