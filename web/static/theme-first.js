// Before the first paint, the theme and palette the reader chose (kept by theme.js): inlined into every page head, tiny.
try{var t=localStorage.getItem("dominosa-theme");if(t==="dark"||t==="light")document.documentElement.dataset.theme=t;if(localStorage.getItem("dominosa-palette")==="cb")document.documentElement.dataset.palette="cb"}catch(e){}
