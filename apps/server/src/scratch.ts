import { createTestApp } from './test/test-app.js';
import { createOwner } from './test/factories.js';
const t = await createTestApp();
const o = await createOwner(t.ctx.db);
const cases: [string,string,unknown][] = [
 ['POST','/search/contacts',{params:{keywords:'a\u0000b'}}],
 ['POST','/search/contacts',{params:{full_name:'a\u0000b'}}],
 ['POST','/search/contacts',{params:{job_title:[{label:'a',value:'a\u0000b'}]}}],
 ['POST','/search/contacts',{params:{inferred_years_experience:{min:0.5}}}],
 ['POST','/search/contacts',{params:{job_company_employee_count:{min:2**31}}}],
 ['POST','/search/contacts',{params:{job_company_total_funding_raised:{min:1e300}}}],
 ['POST','/search/companies',{params:{job_company_name:[{label:'a',value:'a\u0000b'}]}}],
 ['POST','/search/save',{title:'x\u0000',filters:{}}],
 ['POST','/search/save',{title:'y',filters:{keywords:'a\u0000b'}}],
 ['POST','/search/save',{title:'z',filters:{keywords:'a\ud800b'}}],
 ['POST','/api/v1/lists',{name:'d', isDynamic:true, filters:{keywords:'a\u0000b'}}],
];
for (const [m,u,b] of cases) {
  const r = await t.app.inject({method:m as 'POST',url:u,payload:JSON.stringify(b),headers:{cookie:o.cookie,'content-type':'application/json'}});
  console.log(u, JSON.stringify(b).slice(0,80), r.statusCode, r.body.slice(0,150));
}
await t.close();
