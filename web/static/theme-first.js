// Before the first paint, the theme the reader chose (kept by theme.js): inlined into every page head, tiny.
try{var t=localStorage.getItem("dominosa-theme");if(t==="dark"||t==="light")document.documentElement.dataset.theme=t}catch(e){}
