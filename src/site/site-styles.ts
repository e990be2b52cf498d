/**
 * The one stylesheet of the website, served as `/site/ludex.<hash>.css` (immutable). System
 * fonts only: no request leaves for a font host. Readable from 360 px up; focus is always visible.
 */
export const siteCss = `
:root{--bg:#f7f7f4;--fg:#1d1f21;--muted:#555b61;--line:#d9dbd6;--card:#fff;--accent:#1f5fae;--accent-fg:#fff;--mark:#e8f0fa;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#15171a;--fg:#e7e9ea;--muted:#a3abb3;--line:#31363c;--card:#1d2024;--accent:#7fb2f0;--accent-fg:#0b1a2c;--mark:#22303f}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
a{color:var(--accent);text-underline-offset:2px}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible,code[tabindex]:focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:3px}
.skip{position:absolute;left:-999px;top:0;background:var(--card);padding:.5rem 1rem;z-index:2}
.skip:focus{left:.5rem}
header.site{border-bottom:1px solid var(--line);background:var(--card)}
header.site .bar{max-width:72rem;margin:0 auto;padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center}
.brand{font-weight:700;font-size:1.2rem;text-decoration:none;color:var(--fg)}
header.site nav{display:flex;gap:1rem;flex-wrap:wrap}
header.site form{margin-left:auto;display:flex;gap:.4rem;flex:1 1 16rem;max-width:26rem}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.75rem;line-height:1.25;margin:.5rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;margin:2rem 0 .75rem}
h3{font-size:1.05rem;margin:1.25rem 0 .5rem;overflow-wrap:anywhere}
.lead{font-size:1.1rem;color:var(--muted);max-width:48rem}
.muted{color:var(--muted)}
.crumbs{font-size:.9rem;color:var(--muted);margin:.25rem 0}
.crumbs a{color:inherit}
input[type=search],select{font:inherit;padding:.45rem .6rem;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);min-width:0}
input[type=search]{flex:1}
button{font:inherit;padding:.45rem .9rem;border:0;border-radius:6px;background:var(--accent);color:var(--accent-fg);cursor:pointer}
.searchform{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0;max-width:48rem}
.searchform label{position:absolute;left:-9999px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem}
.card h3{margin-top:0}
ul.plain{list-style:none;padding:0;margin:0}
ul.plain li{padding:.2rem 0;display:flex;justify-content:space-between;gap:.75rem}
.count{color:var(--muted);font-variant-numeric:tabular-nums;white-space:nowrap}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;overflow-wrap:anywhere}
.game-top{display:grid;grid-template-columns:1fr;gap:1.25rem}
@media (min-width:48rem){.game-top{grid-template-columns:minmax(0,1fr) minmax(0,1.3fr)}}
.art{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem}
.art figure{margin:0}
.art figcaption{font-size:.8rem;color:var(--muted);text-align:center}
.art .frame{position:relative;aspect-ratio:4/3;background:var(--mark);border-radius:6px;overflow:hidden}
.art img{display:block;width:100%;height:100%;object-fit:contain;color:transparent}
.art img::after{content:attr(data-missing)}
.art img::after,.art .missing{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;text-align:center;padding:.25rem;font-size:.8rem;color:var(--muted);background:var(--mark)}
.kind{margin:-.5rem 0 1rem;font-size:1.05rem}
ul.addons{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:.3rem 1.25rem;margin:0;padding:0;list-style:none}
ul.addons li{overflow-wrap:anywhere}
ul.addons .tag{margin-left:.4rem;white-space:nowrap}
.collections{margin:.25rem 0;font-size:.9rem;color:var(--muted)}
.tags{display:flex;flex-wrap:wrap;gap:.3rem;margin:.25rem 0}
.tag{font-size:.8rem;border:1px solid var(--line);border-radius:999px;padding:0 .5rem;background:var(--card)}
.release{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
.release h3{margin-top:0}
ul.roms{list-style:none;padding:0;margin:.5rem 0 0}
.rom{border-top:1px solid var(--line);padding:.5rem 0;font-size:.9rem}
.rom-name{margin:0 0 .3rem;font-weight:600;overflow-wrap:anywhere}
dl.facts dd:has(>code[data-copy]){display:flex;align-items:baseline;gap:.5rem}
.copy{flex:none;font-size:.75rem;padding:.1rem .5rem}
.copy-status{flex:none;font-size:.8rem;color:var(--muted)}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85em;overflow-wrap:anywhere;user-select:all}
.letters{display:flex;flex-wrap:wrap;gap:.25rem;margin:1rem 0;padding:0;list-style:none}
.letters a,.letters span{display:inline-block;min-width:2rem;text-align:center;padding:.2rem .35rem;border:1px solid var(--line);border-radius:4px;background:var(--card);text-decoration:none}
.letters span{color:var(--muted);opacity:.6}
.pager{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin:1.25rem 0}
ol.games{list-style:none;padding:0;margin:0}
ol.games li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;padding:.4rem 0;border-bottom:1px solid var(--line)}
ol.games li[id]{scroll-margin-top:1rem}
ol.games .count{white-space:normal;overflow-wrap:anywhere}
.results .hit{padding:.6rem 0;border-bottom:1px solid var(--line)}
.results .hit a{font-weight:600}
.notice{background:var(--mark);border-left:4px solid var(--accent);padding:.75rem 1rem;border-radius:4px}
footer.site{border-top:1px solid var(--line);margin-top:3rem;color:var(--muted);font-size:.9rem}
footer.site .bar{max-width:72rem;margin:0 auto;padding:1rem}
`.trim();
