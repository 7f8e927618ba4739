import { escapeHtml, RawHtml } from '../../common/http/html';

const STYLE = `
:root{color-scheme:light;--ink:#0f172a;--muted:#475569;--line:#e2e8f0;--accent:#0369a1;--danger:#b91c1c;--ok:#15803d}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#f8fafc}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:1rem 1.25rem;background:#0f172a;color:#fff}
header h1{font-size:1.15rem;margin:0}header form{margin:0}header .muted{color:#cbd5e1}
main{max-width:960px;margin:0 auto;padding:1rem 1.25rem 3rem}
section{background:#fff;border:1px solid var(--line);border-radius:10px;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.1rem;margin:.2rem 0 .8rem}
table{width:100%;border-collapse:collapse;font-size:.95rem}th,td{text-align:left;padding:.45rem .4rem;border-bottom:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:600}.table-wrap{overflow-x:auto}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input[type=text],input[type=email],input[type=password]{width:100%;max-width:26rem;padding:.55rem .6rem;border:1px solid #94a3b8;border-radius:6px;font:inherit}
button{font:inherit;padding:.5rem .9rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}
button.secondary{background:#fff;color:var(--accent)}button.danger{border-color:var(--danger);background:#fff;color:var(--danger)}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.row{display:flex;flex-wrap:wrap;gap:.6rem;align-items:flex-end}.muted{color:var(--muted)}
.reveal{border:2px solid var(--ok);background:#f0fdf4;border-radius:8px;padding:.8rem 1rem;margin:.8rem 0}
.reveal code{display:block;word-break:break-all;font-size:.95rem;padding:.4rem 0}
.warning{border-left:4px solid #f59e0b;background:#fffbeb;padding:.5rem .8rem;margin:.6rem 0}
.error{border-left:4px solid var(--danger);background:#fef2f2;padding:.5rem .8rem;margin:.6rem 0}
.bar{height:14px;background:var(--line);border-radius:7px;overflow:hidden;max-width:32rem}.bar>span{display:block;height:100%;background:var(--accent)}
.succeeded{color:var(--ok);font-weight:600}.failed{color:var(--danger);font-weight:600}
.auth{max-width:28rem;margin:3rem auto}
.nav{display:flex;flex-wrap:wrap;gap:.2rem .9rem;list-style:none;margin:0;padding:0}.nav a{color:#e2e8f0;text-decoration:none;padding:.2rem 0}
.nav a[aria-current=page]{color:#fff;border-bottom:2px solid #38bdf8}.nav a:hover{color:#fff}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem;list-style:none;margin:0;padding:0}
.card{border:1px solid var(--line);border-radius:10px;background:#fff;overflow:hidden;display:flex;flex-direction:column}
.card img{display:block;width:100%;height:auto;aspect-ratio:var(--ratio);object-fit:contain;background:repeating-conic-gradient(#f1f5f9 0 25%,#fff 0 50%) 0 0/16px 16px}
.card .body{padding:.6rem .8rem;display:flex;flex-direction:column;gap:.4rem}.card h3{font-size:1rem;margin:0;word-break:break-word}
.card .actions{display:flex;flex-wrap:wrap;gap:.4rem}.card form{margin:0}
select{font:inherit;padding:.5rem .5rem;border:1px solid #94a3b8;border-radius:6px;background:#fff}
.jobs{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.8rem}
.job{border:1px solid var(--line);border-radius:10px;padding:.7rem .9rem;display:flex;flex-direction:column;gap:.45rem}
.job-head{display:flex;justify-content:space-between;gap:1rem;align-items:flex-start}.job .bar{max-width:none}
.job-status{font-weight:600;text-transform:capitalize}[data-status=completed] .job-status{color:var(--ok)}[data-status=canceled] .job-status{color:var(--muted)}
.thumb img{display:block;max-width:100%;height:auto}
a.button{display:inline-block;font:inherit;padding:.5rem .9rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:#fff;text-decoration:none}
`;

export function layout(title: string, body: RawHtml, extraHead: RawHtml = new RawHtml('')): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Pictor</title><style>${STYLE}</style>${extraHead.value}</head>
<body>${body.value}</body></html>`;
}
