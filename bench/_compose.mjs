import { readFileSync } from 'node:fs';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
import { gzipSync } from 'node:zlib';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = new TraceMap(JSON.parse(readFileSync(file + '.map', 'utf8')));
const lines = code.split('\n');
const bytes = new Map();
let prev = null;
const segs = [];
eachMapping(map, (m) => segs.push(m));
segs.sort((a,b)=> a.generatedLine-b.generatedLine || a.generatedColumn-b.generatedColumn);
const perSrc = new Map();
for (let i=0;i<segs.length;i++){
  const s=segs[i], n=segs[i+1];
  const line = lines[s.generatedLine-1];
  const end = n && n.generatedLine===s.generatedLine ? n.generatedColumn : line.length;
  const text = line.slice(s.generatedColumn, end);
  let src = s.source ?? '(none)';
  src = src.replace(/.*node_modules\//,'nm/'); if(!process.env.DEEP) src=src.replace(/^(nm\/(@[^/]+\/)?[^/]+).*/,'$1');
  perSrc.set(src, (perSrc.get(src)??'') + text);
}
const total = gzipSync(code).length;
const rows=[...perSrc].map(([k,v])=>[k, v.length, gzipSync(v).length]).sort((a,b)=>b[1]-a[1]);
for (const r of rows.slice(0,25)) console.log(String((r[1]/1024).toFixed(1)).padStart(7), String((r[2]/1024).toFixed(1)).padStart(6), r[0]);
console.log('total gz', (total/1024).toFixed(1));
