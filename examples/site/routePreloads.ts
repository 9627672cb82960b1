import { join } from 'node:path'
import type { Plugin, Rollup } from 'vite'
import { RENDITION_WIDTH_PARAM } from '../../packages/core/src/contract/renditions'
import { STORAGE_KEYS } from '../../packages/core/src/stores/keys'
import { landingCallTable, type LandingCall } from './landingCalls'
import { ANSWERS_ELEMENT_ID } from './src/server/document'
import { CLIENT_RENDER_ATTRIBUTE, SITE_CONFIG_ELEMENT_ID } from './src/app/documentMarks'

/**
 * The screens a visitor most often lands on, with the paths that show them (as the site's routes in
 * src/routes/siteRoutes.tsx match them: case-insensitive, an optional trailing slash); each is the
 * module src/screens/{screen}.tsx. Every screen is a lazy chunk; without a hint its chunk is requested
 * only once the entry script has downloaded and run.
 */
export const LANDING_SCREENS: { screen: string; path: RegExp }[] = [
  { screen: 'HomeScreen', path: /^\/?$/i },
  { screen: 'CategoriesScreen', path: /^\/categories\/?$/i },
  // /comic/{id}/uncensored is the comic page; a chapter id is never 'uncensored'.
  { screen: 'ComicScreen', path: /^\/comic\/(?<comicId>[^/]+)(?<uncensored>\/uncensored)?\/?$/i },
  { screen: 'ReaderScreen', path: /^\/comic\/(?<comicId>[^/]+)\/(?<chapterId>[^/]+)(?<uncensored>\/uncensored)?\/?$/i },
  { screen: 'PremiumScreen', path: /^\/premium\/?$/i },
]

/** What the document needs to start a screen's calls as the site would (see readSiteEnv). */
export interface DocumentCallsConfig {
  apiBaseUrl: string
  /**
   * The chunks the kit's client loads with its first request that goes out (axios): preloaded when the
   * document starts no call for the page (a signed-in reader, another screen), whose first calls need them.
   */
  clientFiles?: string[]
  /**
   * The entry script: the first image is preloaded once its download has ended: when the entry starts
   * running (its first module calls `window.__comicsEntryRuns`, see src/entryRuns.ts) or Resource Timing
   * reports it, whichever comes first; at DOMContentLoaded at the latest, or at once where Resource Timing
   * cannot be observed.
   */
  entryFile?: string
  /** Configured hosts; without them the site's defaults for the port it is served on. */
  adultHost?: string
  mirrorHosts?: string[]
}

/** A landing screen as the script gets it: its pattern, its chunks, and its calls (see landingCallTable). */
export interface PreloadRoute {
  path: RegExp
  files: string[]
  calls?: Record<string, LandingCall[]>
}

/**
 * The inline script that, while the HTML is parsed, looks up the screen the address shows (the first
 * matching pattern, as in `LANDING_SCREENS`) and:
 * - adds `<link rel="modulepreload">` for its chunks, so they download beside the entry script instead of
 *   after it (`crossorigin` as Vite's own tags, so that the module loader takes the preloaded responses);
 * - for a guest (no stored `authToken`) on a host the site serves, starts the screen's first calls with
 *   the address's parameters and leaves them in `window.__comicsPreloadedCalls` for the kit's client,
 *   and preloads the screen's first image once the answer naming it has arrived and the entry script
 *   (`entryFile`) has downloaded, which the entry tells as it starts running: Resource Timing's report
 *   of that download is a task, which waited behind the entry's own evaluation (a page with its renditions in `imagesrcset`, built as core's
 *   `assetSrcSet` builds the Reader's `srcset`). The image is shown only once the entry has run and
 *   rendered the screen: downloading beside the entry, it took half the connection from it, and on a slow
 *   phone the entry then arrived later than the image was needed (the comic page's LCP with and without
 *   the wait is in docs/performance.md);
 * - otherwise (no call started) adds `modulepreload` for `clientFiles`, which the kit's first call needs.
 */
export function routePreloadScript(routes: PreloadRoute[], config: DocumentCallsConfig = { apiBaseUrl: '/api/v1' }): string {
  const table = JSON.stringify(
    routes.map(({ path, files, calls }) => [
      path.source,
      path.flags,
      files,
      calls ? Object.fromEntries(Object.entries(calls).map(([key, list]) => [key, list.map((c) => [c.path, c.body, c.key, c.image ?? 0, c.imageSizes ?? 0])])) : 0,
    ]),
  )
  const settings = JSON.stringify([config.adultHost ?? 0, config.mirrorHosts ?? 0, config.apiBaseUrl, STORAGE_KEYS.authToken, RENDITION_WIDTH_PARAM, config.clientFiles ?? [], config.entryFile ?? 0])
  return `(()=>{const link=(r,h,x)=>{const l=document.createElement('link');l.rel=r;l.href=h;x(l);document.head.append(l)};
const[adultHost,mirrorHosts,builtApi,tokenKey,widthParam,clientFiles,entry]=${settings};let started=0;
let api=builtApi;try{const c=document.getElementById(${JSON.stringify(SITE_CONFIG_ELEMENT_ID)});if(c)api=JSON.parse(c.textContent).apiBaseUrl||api}catch(e){}
let running=0;const waiting=[];window.__comicsEntryRuns=()=>{running=1;for(const f of waiting.splice(0))f()};
const afterEntry=(go)=>{let once=()=>{once=()=>{};go()};const u=entry&&new URL(entry,location.href).href;
if(running||!u||performance.getEntriesByName(u).length)return once();waiting.push(()=>once());
try{const o=new PerformanceObserver((l)=>{if(l.getEntries().some((e)=>e.name===u)){o.disconnect();once()}});o.observe({type:'resource'})}catch(e){return once()}
addEventListener('DOMContentLoaded',()=>once())};
for(const[s,f,files,calls]of ${table}){const m=new RegExp(s,f).exec(location.pathname);if(!m)continue;
for(const h of files)link('modulepreload',h,(l)=>{l.crossOrigin=''});
try{const served=document.getElementById(${JSON.stringify(ANSWERS_ELEMENT_ID)});
if(JSON.parse(localStorage.getItem(tokenKey)||'null')){if(served)document.documentElement.setAttribute(${JSON.stringify(CLIENT_RENDER_ATTRIBUTE)},'');break}
if(served){window.__comicsPreloadedCalls=new Map(JSON.parse(served.textContent).map(([k,a])=>[k,Promise.resolve(a)]));started=1;break}
if(!calls)break;
const port=location.port?':'+location.port:'';const same=(c)=>(c=c.toLowerCase()).includes(':')?location.host===c:location.hostname===c;
const mode=same(adultHost||'adult.localhost'+port)?'adult':(mirrorHosts||['localhost'+port,'127.0.0.1'+port]).some(same)?'normal':'';
const g=m.groups||{};const list=mode&&calls[mode+(g.uncensored?'/uncensored':'')];if(!list)break;
const map=window.__comicsPreloadedCalls=new Map();started=1;
const fill=(t)=>t.replace(/[{][{]([a-zA-Z]+)[}][}]/g,(_,k)=>JSON.stringify(decodeURIComponent(g[k])).slice(1,-1));
const image=(v,sizes)=>{const url=sizes&&v?v.url:v;if(typeof url!=='string')return;
const w=v.width,ws=sizes&&Array.isArray(v.widths)?[...new Set(v.widths)].filter((x)=>x<w).sort((a,b)=>a-b):[];
const at=(x)=>{const i=url.indexOf('#'),b=i<0?url:url.slice(0,i);return b+(b.includes('?')?'&':'?')+widthParam+'='+x+(i<0?'':url.slice(i))};
afterEntry(()=>link('preload',url,(l)=>{l.as='image';l.fetchPriority='high';if(w&&ws.length){l.imageSrcset=ws.map((x)=>at(x)+' '+x+'w').concat(url+' '+w+'w').join(', ');l.imageSizes=sizes}}))};
for(const[p,t,key,path,sizes]of list){const body=fill(t);
const answer=fetch(api+p,{method:'POST',headers:{'content-type':'application/json'},body}).then((r)=>r.json().then((data)=>({status:r.status,data}),()=>({status:r.status,data:null})));
answer.catch(()=>{});map.set(fill(key),answer);
if(path)answer.then((a)=>{let v=a.status<300?a.data:null;for(const k of path)v=v==null?v:v[k];image(v,sizes)},()=>{})}
}catch(e){}break}
if(!started)for(const h of clientFiles)link('modulepreload',h,(l)=>{l.crossOrigin=''})})()`
}

/** The second entry of the build, which the document runs beside the first (see src/warmContract.ts). */
export const WARM_CONTRACT_MODULE = 'src/warmContract.ts'

/** Where index.html takes the route preloads script. */
export const PRELOADS_MARKER = '<!-- route-preloads -->'

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function chunkClosure(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen
  seen.add(fileName)
  const chunk = bundle[fileName]
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) chunkClosure(bundle, imported, seen)
  return seen
}

/**
 * Build only: puts `routePreloadScript` for `LANDING_SCREENS` in index.html, listing for each screen its
 * chunk and the chunks it imports that the entry does not (those the entry imports are preloaded by
 * Vite's own tags already). The script is inline so that it runs before any request; the site's
 * server gives it the response's nonce, which its Content-Security-Policy admits (src/server/siteServer.ts).
 */
export function routePreloads(siteRoot: string, calls: DocumentCallsConfig): Plugin {
  let base = '/'
  return {
    name: 'comics-site-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
        const warmModule = join(siteRoot, WARM_CONTRACT_MODULE)
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId !== warmModule)
        if (!entry) return html
        const loadedByEntry = chunkClosure(bundle, entry.fileName)
        const routes = LANDING_SCREENS.map(({ screen, path }) => {
          const module = join(siteRoot, 'src/screens', `${screen}.tsx`)
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === module)
          if (!chunk) throw new Error(`routePreloads: no chunk for ${screen} (${module})`)
          const files = [...chunkClosure(bundle, chunk.fileName)].filter((file) => !loadedByEntry.has(file))
          const table = landingCallTable(screen)
          return { path, files: files.map((file) => `${base}${file}`), ...(Object.keys(table).length ? { calls: table } : {}) }
        })
        // axios, which the kit's client imports with its first request that goes out.
        const client = chunks.find((chunk) => chunk.isDynamicEntry && /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?axios[\\/]/.test(chunk.facadeModuleId ?? ''))
        if (!client) throw new Error('routePreloads: no chunk for axios, which the kit loads with its first request')
        const clientFiles = [...chunkClosure(bundle, client.fileName)].filter((file) => !loadedByEntry.has(file)).map((file) => `${base}${file}`)
        // The contract's warm-up (src/warmContract.ts), an async module: it runs once its own graph is in.
        const warm = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === warmModule)
        if (!warm) throw new Error(`routePreloads: no entry chunk for ${WARM_CONTRACT_MODULE} (see build.rollupOptions.input)`)
        // At the marker of index.html: after <meta charset> (which must come within the first 1024
        // bytes) and before the stylesheet (a classic script after one waits for it to load), and before
        // the entry script, so that the warm-up's smaller graph is asked for first.
        if (!html.includes(PRELOADS_MARKER)) throw new Error(`routePreloads: index.html has no ${PRELOADS_MARKER}`)
        return html.replace(
          PRELOADS_MARKER,
          `<script>${routePreloadScript(routes, { ...calls, clientFiles, entryFile: `${base}${entry.fileName}` })}</script>\n` +
            `    <script type="module" async crossorigin src="${base}${warm.fileName}"></script>`,
        )
      },
    },
  }
}
